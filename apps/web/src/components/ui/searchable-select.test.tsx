import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect, type SelectOption } from './searchable-select';

const OPTIONS: SelectOption[] = [
  { id: 'a', label: 'Amazon' },
  { id: 'b', label: 'Apple' },
  { id: 'c', label: 'Steam' },
];

function Harness({ onSelect }: { onSelect: (option: SelectOption) => void }) {
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div>
      <p>Outside</p>
      <SearchableSelect
        label="Gift card"
        inputValue={text}
        onInputChange={setText}
        onClear={() => {
          setText('');
        }}
        options={OPTIONS}
        onSelect={(option) => {
          onSelect(option);
          setText(option.label);
          setIsOpen(false);
        }}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        message={undefined}
        canLoadMore={false}
        onLoadMore={() => undefined}
      />
    </div>
  );
}

function setup() {
  const onSelect = vi.fn();
  render(<Harness onSelect={onSelect} />);
  return {
    onSelect,
    user: userEvent.setup(),
    box: screen.getByRole('combobox', { name: 'Gift card' }),
  };
}

describe('SearchableSelect', () => {
  it('moves with the arrows, chooses with Enter and closes with Escape', async () => {
    const { onSelect, user, box } = setup();
    await user.type(box, '{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = screen.getByRole('option', { name: 'Apple' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[1]);
    expect(box).toHaveValue('Apple');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on a press outside, not on one inside', async () => {
    const { user, box } = setup();
    await user.type(box, 'am');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(box.parentElement ?? box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Outside'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('empties the text with the clear icon and keeps focus in the box', async () => {
    const { user, box } = setup();
    expect(screen.queryByRole('button', { name: 'Clear gift card' })).not.toBeInTheDocument();
    await user.type(box, 'Steam');
    await user.click(screen.getByRole('button', { name: 'Clear gift card' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });
});
