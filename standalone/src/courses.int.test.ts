import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

let server: Standalone;
let teacher: TestUser;
let teacherId: number;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  teacherId = (await teacher.get('/instructors/get-instructor')).json.instructorId;
});
afterAll(async () => {
  await server?.close();
});

type Course = {
  course_code: string;
  course_name: string;
  course_class: string;
  student_count: number;
  assignment_count: number;
  student_list: { student_id: number; name: string }[];
};

describe("an instructor's courses", () => {
  it('lists the courses they teach with student and published-assignment counts', async () => {
    const res = await teacher.post('/instructors/get-courses', { instructor_id: teacherId });
    expect(res.statusCode).toBe(200);
    const courses = res.json as Course[];
    expect(courses.map((c) => c.course_code)).toEqual(['MATH10', 'PHYS10']);
    const math = courses.find((c) => c.course_code === 'MATH10')!;
    expect(math).toMatchObject({ course_name: 'Mathematics', course_class: '10', student_count: 2, assignment_count: 2 });
    expect(math.student_list.map((s) => s.name).sort()).toEqual(['Ada Lovelace', 'Emmy Noether']);
    expect(math.student_list.every((s) => Number.isInteger(s.student_id))).toBe(true);
    expect(courses.find((c) => c.course_code === 'PHYS10')).toMatchObject({ student_count: 2, assignment_count: 2 });
  });

  it("refuses another instructor's id and a student", async () => {
    expect((await teacher.post('/instructors/get-courses', { instructor_id: teacherId + 1000 })).statusCode).toBe(403);
    expect((await teacher.post('/instructors/get-courses', {})).statusCode).toBe(400);
    const pupil = await loginAs(server.app, 'student', 'student2@demo.school');
    expect((await pupil.post('/instructors/get-courses', { instructor_id: teacherId })).statusCode).toBe(403);
    expect((await pupil.get('/instructors/get-course-students/MATH10')).statusCode).toBe(403);
    expect((await pupil.get('/instructors/get-course-assignments/MATH10')).statusCode).toBe(403);
  });

  it("gives a course's students and its published assignments by due date", async () => {
    const students = await teacher.get('/instructors/get-course-students/MATH10');
    expect(students.statusCode).toBe(200);
    expect(students.json.student_list.map((s: { name: string }) => s.name).sort()).toEqual(['Ada Lovelace', 'Emmy Noether']);
    const assignments = await teacher.get('/instructors/get-course-assignments/MATH10');
    expect(assignments.statusCode).toBe(200);
    const list = assignments.json as { assignment_id: number; title: string; due_date: string }[];
    expect(list).toHaveLength(2);
    expect(list.map((a) => a.title)).toContain('Quadratic Equations');
    expect(list.every((a) => !Number.isNaN(Date.parse(a.due_date)))).toBe(true);
    expect([...list].sort((a, b) => a.due_date.localeCompare(b.due_date))).toEqual(list);
    expect((await teacher.get('/instructors/get-course-assignments/math10')).statusCode).toBe(200);
  });

  it("answers 404 'Course not found' for a course they do not teach or that does not exist", async () => {
    const admin = await loginAs(server.app, 'admin', 'admin@demo.school');
    const created = await admin.post('/admin/create-course', {
      course_code: 'CHEM9',
      course_name: 'Chemistry',
      course_class: '9',
      subject: 'Chemistry',
    });
    expect(created.statusCode).toBe(200);
    const wait = afterPosition(created.json.position);
    for (const code of ['CHEM9', 'NOPE1']) {
      const students = await teacher.get(`/instructors/get-course-students/${code}`, wait);
      expect(students.statusCode).toBe(404);
      expect(students.json.message).toBe('Course not found');
      expect((await teacher.get(`/instructors/get-course-assignments/${code}`, wait)).statusCode).toBe(404);
    }
    const mine = (await teacher.post('/instructors/get-courses', { instructor_id: teacherId }, wait)).json as Course[];
    expect(mine.map((c) => c.course_code)).not.toContain('CHEM9');
  });
});
