import { CHAT_LIMITS, CHAT_MESSAGES, UploadTextbookFieldsSchema } from '@evergrade/contracts';

export type UploadFields = { title: string; subject: string; author: string };
export type UploadErrors = Partial<Record<'file' | 'title' | 'subject' | 'author', string>>;

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The form's checks before sending (the server checks the same and the PDF itself). */
export function uploadErrors(file: File | null, fields: UploadFields): UploadErrors {
  const errors: UploadErrors = {};
  if (!file) errors.file = 'Choose a PDF file';
  else if (!isPdf(file)) errors.file = CHAT_MESSAGES.pdfOnly;
  else if (file.size > CHAT_LIMITS.textbookMaxBytes) errors.file = CHAT_MESSAGES.textbookTooLarge;
  const parsed = UploadTextbookFieldsSchema.safeParse(fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof UploadErrors;
      errors[key] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
    }
  return errors;
}

/** A title from the file's name: "physics_notes-ch1.pdf" → "Physics notes ch1". */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return base ? base[0]!.toUpperCase() + base.slice(1) : '';
}
