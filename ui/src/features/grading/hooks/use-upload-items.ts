import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseStudent } from '@evergrade/contracts';
import { ApiError } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { gradingKeys } from '../api/keys';
import { getUploadTicket, processSubmission, putPdf } from '../api/upload-submission';
import { addFiles, assign, patch, toUpload, withLine, type UploadItem } from '../utils/upload-items';
import { UPLOAD_SHARE } from '../utils/upload-progress';

/** Files sent and processed at once. */
const PARALLEL = 2;

const reason = (err: unknown) => (err instanceof ApiError ? err.message : err instanceof Error ? err.message : 'Unknown error');

/**
 * The upload modal's files: added (PDF only, auto-matched), mapped, and uploaded. Each file goes
 * through get-signed-url, the PUT and process-submission on its own; a failure marks that file
 * (uploadPhase error, with the reason) and the others go on.
 */
export function useUploadItems(assignmentId: number, students: readonly CourseStudent[], takenIds: readonly number[]) {
  const client = useQueryClient();
  const email = useSessionStore((s) => s.instructor.email);
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const update = useCallback((key: string, change: (item: UploadItem) => UploadItem) => {
    if (!mounted.current) return;
    setItems((list) => list.map((i) => (i.key === key ? change(i) : i)));
  }, []);

  const add = (files: File[]) => {
    const result = addFiles(itemsRef.current, files, students, takenIds);
    setItems(result.items);
    return result;
  };

  const uploadOne = useCallback(
    async (item: UploadItem) => {
      update(item.key, (i) => ({ ...i, uploadPhase: 'uploading_to_gcs', loading: true, progress: 0, processingProgress: 0, error: null }));
      try {
        const ticket = await getUploadTicket(item.originalFilename, email);
        await putPdf(ticket.upload_url, item.file);
        update(item.key, (i) => ({ ...i, progress: UPLOAD_SHARE }));
        const last = await processSubmission(
          {
            file_name: ticket.file_name,
            assignment_id: assignmentId,
            student_id: item.mappedStudent!,
            original_filename: item.originalFilename,
          },
          (line) => update(item.key, (i) => withLine(i, line)),
        );
        if (last.status === 'complete') await invalidateAt(client, gradingKeys.submissions(assignmentId), last.position ?? null);
      } catch (err) {
        console.error(`Uploading ${item.originalFilename} failed`, err);
        update(item.key, (i) => ({ ...i, uploadPhase: 'error', loading: false, error: reason(err) }));
      }
    },
    [assignmentId, client, email, update],
  );

  const uploadAll = useCallback(async () => {
    const queue = toUpload(itemsRef.current);
    let next = 0;
    const worker = async () => {
      while (next < queue.length) await uploadOne(queue[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  }, [uploadOne]);

  return {
    items,
    add,
    assign: (key: string, studentId: number | null) => setItems((list) => assign(list, key, studentId)),
    remove: (key: string) => setItems((list) => list.filter((i) => i.key !== key)),
    reset: (key: string) => setItems((list) => patch(list, key, { uploadPhase: 'pending', progress: 0, error: null })),
    uploadAll,
  };
}
