import { useRef, type ReactNode } from 'react';
import { UploadIcon } from '../icons';

type Props = {
  /** The hidden file input's accessible name (what tests and screen readers find it by). */
  inputLabel: string;
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  small?: boolean;
  /** Asked before the file chooser opens; false keeps it closed (e.g. the list is full and says so). */
  canOpen?: () => boolean;
  children?: ReactNode;
};

/** The product's file picker: a secondary 'Upload PDF' button in front of a hidden file input. */
export function FileButton({
  inputLabel,
  onFiles,
  accept = 'application/pdf',
  multiple,
  disabled,
  small,
  canOpen,
  children = 'Upload PDF',
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        aria-label={inputLabel}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <button
        type="button"
        className={`button button-secondary${small ? ' button-sm' : ''}`}
        disabled={disabled}
        onClick={() => {
          if (!canOpen || canOpen()) input.current?.click();
        }}
      >
        <UploadIcon width={16} height={16} /> {children}
      </button>
    </>
  );
}
