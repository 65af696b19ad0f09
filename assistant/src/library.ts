import { richTextToPlainText } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import {
  gradedResponsesOf,
  searchPassages,
  studentQuestionSheet,
  textbookById,
  visibleStudentAssignment,
} from '@evergrade/projectors/queries';
import type { AssistantLibrary, ChatBook } from './chat';

const CONTEXT_CHARS = 1_500;

/** The assistant's reads, through the read models' own queries. */
export function createAssistantLibrary(db: SqlClient): AssistantLibrary {
  return {
    async book(tenants, textbookId): Promise<ChatBook | null> {
      // Removed books are not found; one still indexing (or failed) is found, not ready.
      const row = await textbookById(db, tenants, textbookId);
      return row ? { textbookId: row.textbook_id, tenant: row.tenant, title: row.title, status: row.status } : null;
    },
    search: (query) => searchPassages(db, query),
    async feedback(tenant, studentId, assignmentId, questionNumber) {
      // Only the student's own assignment, once it shows in their list, and a question graded there.
      if (!(await visibleStudentAssignment(db, tenant, studentId, assignmentId))) return null;
      const sheet = await studentQuestionSheet(db, tenant, assignmentId, studentId);
      const q = sheet.find((x) => x.question_number === questionNumber);
      if (!q || !q.graded) return null;
      // A typed answer is on the sheet; an uploaded one (handwriting read from a PDF) only with its grade.
      let answer = richTextToPlainText(q.response_content).trim();
      if (!answer) {
        const graded = (await gradedResponsesOf(db, tenant, assignmentId)).find(
          (r) => r.student_id === studentId && r.question_number === questionNumber,
        );
        answer = graded?.response ?? '';
      }
      return {
        questionNumber,
        question: richTextToPlainText(q.question_content).slice(0, CONTEXT_CHARS),
        answer: answer.slice(0, CONTEXT_CHARS),
        feedback: (q.feedback ?? '').slice(0, CONTEXT_CHARS),
        pointsObtained: q.grade,
        pointsPossible: q.marks_possible,
      };
    },
  };
}
