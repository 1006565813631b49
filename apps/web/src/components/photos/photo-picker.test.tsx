import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCanvas } from '../../testing/browser-canvas';
import { photoFile } from '../../testing/trade-fixtures';
import { type PickedPhoto as TradePhoto, PhotoPicker } from './photo-picker';

const MB = 1024 * 1024;

function Picker({ onPhotos }: { onPhotos: (photos: TradePhoto[]) => void }) {
  const [photos, setPhotos] = useState<TradePhoto[]>([]);
  return (
    <PhotoPicker
      photos={photos}
      onChange={(next) => {
        setPhotos(next);
        onPhotos(next);
      }}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PhotoPicker', () => {
  it('makes a 6 MB photo smaller instead of refusing it, upright, and says what it saved', async () => {
    const user = userEvent.setup();
    const canvas = browserCanvas();
    const onPhotos = vi.fn();
    render(<Picker onPhotos={onPhotos} />);
    await user.upload(
      screen.getByLabelText('Choose photos'),
      photoFile('front.jpg', 'image/jpeg', 6 * MB),
    );

    expect(await screen.findByText('1 of 10 photos added')).toBeInTheDocument();
    expect(screen.getByText('Made smaller for upload: 6.0 MB → 640 KB')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(canvas.decoded).toEqual([{ options: { imageOrientation: 'from-image' } }]);
    expect(canvas.drawn).toEqual([[0, 0, 2000, 1500]]);
    const [photos] = onPhotos.mock.lastCall as [TradePhoto[]];
    expect(photos.map(({ file }) => [file.name, file.type, file.size])).toEqual([
      ['front.jpg', 'image/jpeg', 640 * 1024],
    ]);
  });

  it('sends a small photo as it is, and refuses one over 5 MB it could not make smaller', async () => {
    const user = userEvent.setup();
    const canvas = browserCanvas();
    const onPhotos = vi.fn();
    render(<Picker onPhotos={onPhotos} />);
    const small = photoFile('back.jpg', 'image/jpeg', 200 * 1024);
    await user.upload(screen.getByLabelText('Choose photos'), [
      small,
      photoFile('front.heic', 'image/heic', 6 * MB),
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'front.heic is 6.0 MB. Each photo can be at most 5 MB.',
    );
    expect(screen.getByText('1 of 10 photos added')).toBeInTheDocument();
    expect(screen.queryByText(/Made smaller/)).not.toBeInTheDocument();
    expect(canvas.drawn).toEqual([]);
    const [photos] = onPhotos.mock.lastCall as [TradePhoto[]];
    expect(photos.map(({ file }) => file)).toEqual([small]);
  });
});
