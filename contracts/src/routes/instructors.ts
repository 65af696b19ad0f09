import { z } from 'zod';
import { InstructorProfileSchema } from '../read-models';
import { CommandReplySchema, route } from './route';
import { ProfileNamesBodySchema } from './students';

export const instructorRoutes = {
  getInstructor: route({
    method: 'GET', path: '/instructors/get-instructor', kind: 'query', access: 'instructor',
    summary: "The signed-in instructor's profile.",
    reply: InstructorProfileSchema,
  }),
  updateInstructorProfile: route({
    method: 'POST', path: '/instructors/update-profile', kind: 'command', access: 'instructor',
    summary: "Change the signed-in instructor's name and how they are addressed.",
    body: ProfileNamesBodySchema.extend({
      title: z.string({ error: 'title is required' }).trim().min(1, 'Please specify your preferred title').max(30),
    }),
    reply: CommandReplySchema,
  }),
} as const;
