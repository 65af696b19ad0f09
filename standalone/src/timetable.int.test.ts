import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '@evergrade/command-service';
import type { TimetableEntry } from '@evergrade/contracts';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/** GET /students/get-timetable (spec document 1, section 7): the student's courses and who teaches each. */
let server: Standalone;
let ada: TestUser;
let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  ada = await loginAs(server.app, 'student', 'student@demo.school');
  teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  admin = await loginAs(server.app, 'admin', 'admin@demo.school');
});
afterAll(async () => {
  await server?.close();
});

describe("a student's timetable", () => {
  it('lists the courses the student is enrolled in, by code, each with its instructors', async () => {
    const res = await ada.get('/students/get-timetable');
    expect(res.statusCode).toBe(200);
    const timetable = res.json as TimetableEntry[];
    const courses = (await ada.get('/students/get-courses')).json as { course_code: string; course_name: string }[];
    expect(courses.length).toBeGreaterThan(0);
    expect(timetable.map((e) => [e.course_code, e.course_name])).toEqual(courses.map((c) => [c.course_code, c.course_name]));
    const me = (await teacher.get('/instructors/get-instructor')).json as { instructorId: number; firstName: string; lastName: string };
    const math = timetable.find((e) => e.course_code === 'MATH10')!;
    expect(math).toMatchObject({ course_class: '10', subject: expect.any(String) });
    expect(math.instructors).toContainEqual({
      instructor_id: me.instructorId,
      title: expect.any(String),
      first_name: me.firstName,
      last_name: me.lastName,
      email: 'teacher@demo.school',
    });
  });

  it('follows the admin: a new course appears with its instructor once the student is enrolled, and goes when unenrolled', async () => {
    const adaId = (await ada.get('/students/get-student')).json.studentId as number;
    const teacherId = (await teacher.get('/instructors/get-instructor')).json.instructorId as number;
    const created = await admin.post('/admin/create-course', {
      course_code: 'CHEM9',
      course_name: 'Chemistry',
      course_class: '9',
      subject: 'Chemistry',
    });
    expect(created.statusCode).toBe(200);
    const courseId = created.json.course_id as number;
    expect((await admin.post('/admin/assign-instructor', { course_id: courseId, instructor_id: teacherId })).statusCode).toBe(200);
    const enrolled = await admin.post('/admin/enroll-student', { course_id: courseId, student_id: adaId });
    expect(enrolled.statusCode).toBe(200);

    const after = (await ada.get('/students/get-timetable', afterPosition(enrolled.json.position))).json as TimetableEntry[];
    expect(after.find((e) => e.course_code === 'CHEM9')).toMatchObject({
      course_id: courseId,
      course_name: 'Chemistry',
      course_class: '9',
      subject: 'Chemistry',
      instructors: [expect.objectContaining({ instructor_id: teacherId })],
    });
    expect(after.map((e) => e.course_code)).toEqual([...after.map((e) => e.course_code)].sort());

    const unenrolled = await admin.post('/admin/unenroll-student', { course_id: courseId, student_id: adaId });
    const gone = (await ada.get('/students/get-timetable', afterPosition(unenrolled.json.position))).json as TimetableEntry[];
    expect(gone.map((e) => e.course_code)).not.toContain('CHEM9');
  });

  it('is an empty list for a student in no course', async () => {
    await registerUser(
      server.store,
      { tenant: 'demo', actorRole: 'system' },
      {
        email: 'new.pupil@demo.school',
        role: 'student',
        password: 'Pa55word!x',
        firstName: 'New',
        lastName: 'Pupil',
      },
      new Date(),
    );
    const pupil = await loginAs(server.app, 'student', 'new.pupil@demo.school', 'Pa55word!x');
    expect(await pupil.get('/students/get-timetable')).toEqual({ statusCode: 200, json: [] });
  });

  it("is the student's own: instructors and admins are refused (403), an anonymous caller 401", async () => {
    expect((await teacher.get('/students/get-timetable')).statusCode).toBe(403);
    expect((await admin.get('/students/get-timetable')).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/students/get-timetable' })).statusCode).toBe(401);
  });
});
