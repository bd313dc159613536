/**
 * Photos (docs/decisions/053): a job's before and after photos for its crew and the owner, a
 * service's ask for photos, and the customer's photos, sent before the booking and read through
 * the manage link. Every photo is read through one of these calls, which checks who asks: the
 * owner's business, the crew's own jobs (crew and business together, as Start job does), or the
 * booking of the manage link's token. Anything else is PHOTO_NOT_FOUND, never told apart.
 */

import { JOB_PHOTOS_MAX } from '@slotwise/shared/api';
import type { AppContext } from '../context.ts';
import { LINK_NOT_VALID } from '../domain/manage-link.ts';
import { hashManageToken } from '../domain/manage-token.ts';
import {
  addJobPhoto,
  addRequestPhoto,
  deletePhoto,
  OWNER_NAME,
  photoBytes,
  photoNotFound,
  photoOf,
  photosOfBooking,
  sendPhoto,
} from '../domain/photos.ts';
import { AppError } from '../errors.ts';
import type { CrewSession } from '../plugins/auth.ts';
import type { Business } from '../repositories/businesses.ts';
import { bookingNotFound } from './dashboard/bookings.ts';
import { serviceNotFound } from './dashboard/services.ts';
import type { Handlers } from './register.ts';

/** The body an upload call read (plugins/body-limit.ts readPhotoBodies); none is not a photo. */
function photoBody(body: Buffer | undefined): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new AppError('PHOTO_NOT_AN_IMAGE', 'No photo was sent: choose a JPEG, PNG or WebP photo and send it again.');
  return body;
}

export function photosHandlers(ctx: AppContext): {
  dashboard: Handlers<
    'dashboard',
    'bookingPhotos' | 'addBookingPhoto' | 'deleteBookingPhoto' | 'photoFile' | 'servicePhotoRequest'
  >;
  crew: Handlers<'crew', 'jobPhotos' | 'addJobPhoto' | 'deleteJobPhoto' | 'jobPhotoFile'>;
  customer: Handlers<'customer', 'uploadRequestPhoto' | 'managePhotos' | 'managePhotoFile'>;
} {
  const { bookings, crewJobs, photos, businesses } = ctx.repos;

  async function ownersBooking(business: Business, id: string) {
    const booking = await bookings.find(business.id, id);
    if (!booking) throw bookingNotFound(id);
    return booking;
  }

  /** One of the crew's jobs, or JOB_NOT_FOUND (another crew's or business's is not told apart). */
  async function crewsBooking({ crew, business }: CrewSession, id: string) {
    const job = await crewJobs.find(crew.id, business.id, id);
    const booking = job && (await bookings.find(business.id, job.id));
    if (!booking)
      throw new AppError(
        'JOB_NOT_FOUND',
        `Job ${id} is not among ${crew.name}'s jobs. It may have gone to another crew: refresh your jobs.`,
      );
    return booking;
  }

  async function photoOfBooking(bookingId: string, photoId: string) {
    const photo = await photos.findOfBooking(bookingId, photoId);
    if (!photo) throw photoNotFound(photoId);
    return photo;
  }

  /** The booking behind a manage link's token, for reading its photos: any link still on file. */
  async function linkBooking(token: string) {
    const booking = await ctx.repos.manageTokens.findBooking(hashManageToken(token));
    if (!booking) throw new AppError('LINK_INVALID', LINK_NOT_VALID);
    return booking;
  }

  return {
    dashboard: {
      bookingPhotos: async (req) => {
        const booking = await ownersBooking(req.owner.business, req.params.id);
        return photosOfBooking(ctx, booking.business_id, booking.id);
      },
      addBookingPhoto: async (req) => {
        // Whose booking first: another's is not found, whatever was sent.
        const booking = await ownersBooking(req.owner.business, req.params.id);
        return addJobPhoto(ctx, booking, req.query.kind, photoBody(req.body), { memberId: null, name: OWNER_NAME });
      },
      deleteBookingPhoto: async (req) => {
        const booking = await ownersBooking(req.owner.business, req.params.id);
        await deletePhoto(ctx, await photoOfBooking(booking.id, req.params.photoId));
        return photosOfBooking(ctx, booking.business_id, booking.id);
      },
      photoFile: async (req, reply) => {
        const photo = await photos.find(req.owner.business.id, req.params.photoId);
        if (!photo) throw photoNotFound(req.params.photoId);
        return sendPhoto(reply, photo, await photoBytes(ctx, photo));
      },
      servicePhotoRequest: async (req) => {
        const { ask, prompt } = req.body;
        const r = await ctx.db
          .updateTable('services')
          .set({ photo_ask: ask, photo_prompt: prompt })
          .where('business_id', '=', req.owner.business.id)
          .where('id', '=', req.params.id)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw serviceNotFound(req.params.id);
        return { ask, prompt };
      },
    },
    crew: {
      jobPhotos: async (req) => {
        const booking = await crewsBooking(req.crew, req.params.id);
        return photosOfBooking(ctx, booking.business_id, booking.id, req.crew.member.id);
      },
      addJobPhoto: async (req) => {
        const booking = await crewsBooking(req.crew, req.params.id);
        const who = { memberId: req.crew.member.id, name: req.crew.crew.name };
        return addJobPhoto(ctx, booking, req.query.kind, photoBody(req.body), who);
      },
      deleteJobPhoto: async (req) => {
        const booking = await crewsBooking(req.crew, req.params.id);
        const photo = await photoOfBooking(booking.id, req.params.photoId);
        // The customer's photo is the request's record: the owner's to delete, not the crew's.
        if (photo.kind === 'request')
          throw new AppError(
            'PHOTO_KEPT_FOR_OWNER',
            "This is the customer's photo from the request: it stays with the booking. Ask the owner if it should go.",
          );
        // The owner's photos (and a former crew's) are theirs: a crew deletes only what it added.
        if (photo.added_by_member_id !== req.crew.member.id)
          throw new AppError(
            'PHOTO_NOT_YOURS',
            `${photo.added_by === OWNER_NAME ? 'The owner' : photo.added_by} added this photo, and a crew deletes only its own. Ask the owner if it should go.`,
          );
        await deletePhoto(ctx, photo);
        return photosOfBooking(ctx, booking.business_id, booking.id, req.crew.member.id);
      },
      jobPhotoFile: async (req, reply) => {
        const { crew, business } = req.crew;
        const photo = await photos.find(business.id, req.params.photoId);
        // Only a photo of one of this crew's jobs; any other is not told apart from none.
        const job = photo?.booking_id ? await crewJobs.find(crew.id, business.id, photo.booking_id) : undefined;
        if (!photo || !job) throw photoNotFound(req.params.photoId);
        return sendPhoto(reply, photo, await photoBytes(ctx, photo));
      },
    },
    customer: {
      uploadRequestPhoto: async (req) => {
        const business = await businesses.findById(req.params.businessId);
        if (!business)
          throw new AppError(
            'BUSINESS_NOT_FOUND',
            `No business has the id ${req.params.businessId}; check the business id of the embed code.`,
          );
        return addRequestPhoto(ctx, business.id, photoBody(req.body));
      },
      managePhotos: async (req) => {
        const booking = await linkBooking(req.query.token);
        const rows = await photos.ofBooking(booking.business_id, booking.id);
        return { photos: rows.map((row) => photoOf(row)), max: JOB_PHOTOS_MAX };
      },
      managePhotoFile: async (req, reply) => {
        const booking = await linkBooking(req.query.token);
        const photo = await photoOfBooking(booking.id, req.params.photoId);
        return sendPhoto(reply, photo, await photoBytes(ctx, photo));
      },
    },
  };
}
