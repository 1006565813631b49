export interface SignOutModalProps {
  isOpen: boolean;
  onClose: () => void;
}

// Placeholder: replaced in this session by the owner of this file.
export function SignOutModal(props: SignOutModalProps) {
  return props.isOpen ? null : null;
}
