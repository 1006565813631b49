import { useNavigate } from 'react-router';
import { Pagination } from './pagination';

interface AddressPaginationProps {
  label: string;
  page: number;
  totalPages: number;
  /** The list's address at another page, its filters kept. */
  hrefOf: (page: number) => string;
}

/** Pagination that moves through the address, so Back and a reload keep the page. */
export function AddressPagination({ label, page, totalPages, hrefOf }: AddressPaginationProps) {
  const navigate = useNavigate();
  return (
    <Pagination
      label={label}
      page={page}
      totalPages={totalPages}
      onPageChange={(next) => {
        void navigate(hrefOf(next));
      }}
    />
  );
}
