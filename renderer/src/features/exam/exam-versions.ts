import type { Exam } from '../../../../server/src/services/clinical/exam/exam.shared'

/** The latest version of each exam, in the order the exams came (newest first). */
export function latestVersions(exams: readonly Exam[]): Exam[] {
  const latest = new Map<string, Exam>()
  for (const exam of exams) {
    const known = latest.get(exam.examGroupId)
    if (!known || exam.version > known.version) latest.set(exam.examGroupId, exam)
  }
  return exams.filter((exam) => latest.get(exam.examGroupId) === exam)
}
