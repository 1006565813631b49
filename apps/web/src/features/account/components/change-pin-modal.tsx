export interface ChangePinModalProps {
  isOpen: boolean;
  onClose: () => void;
}

// Placeholder: replaced in this session by the owner of this file.
export function ChangePinModal(props: ChangePinModalProps) {
  return props.isOpen ? null : null;
}
