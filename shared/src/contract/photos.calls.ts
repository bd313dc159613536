/**
 * The calls of photos (docs/decisions/053; schemas: photos.schemas.ts): a job's before and after
 * photos for its crew and the owner, a service's ask for photos with the request, and the
 * customer's photos, sent before the booking exists and claimed by it, then read through the
 * manage link. Every upload is the photo's raw bytes (`upload: 'photo'`); every photo is read
 * through a call that checks who asks, never at a public address.
 */
import { crew, owner, type RouteDef, type SummariesOf } from './route-def.ts';

const image = { mediaType: 'image/jpeg', description: 'The photo, re-encoded as JPEG without metadata.' } as const;

export const photosDashboardCalls = {
  bookingPhotos: {
    method: 'GET',
    path: `${owner}/bookings/:id/photos`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'Photos',
  },
  addBookingPhoto: {
    method: 'POST',
    path: `${owner}/bookings/:id/photos`,
    auth: 'owner',
    limit: 'photoUpload',
    params: 'BookingParams',
    query: 'JobPhotoQuery',
    upload: 'photo',
    response: 'Photos',
    status: 201,
  },
  deleteBookingPhoto: {
    method: 'DELETE',
    path: `${owner}/bookings/:id/photos/:photoId`,
    auth: 'owner',
    params: 'BookingPhotoParams',
    response: 'Photos',
  },
  photoFile: {
    method: 'GET',
    path: `${owner}/photos/:photoId`,
    auth: 'owner',
    params: 'PhotoParams',
    response: image,
  },
  servicePhotoRequest: {
    method: 'PUT',
    path: `${owner}/services/:id/photo-request`,
    auth: 'owner',
    params: 'ServiceParams',
    body: 'PhotoRequestUpdate',
    response: 'PhotoRequest',
  },
} as const satisfies Record<string, RouteDef>;

export const photosCrewCalls = {
  jobPhotos: {
    method: 'GET',
    path: `${crew}/jobs/:id/photos`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'Photos',
  },
  addJobPhoto: {
    method: 'POST',
    path: `${crew}/jobs/:id/photos`,
    auth: 'crew',
    limit: 'photoUpload',
    params: 'CrewJobParams',
    query: 'JobPhotoQuery',
    upload: 'photo',
    response: 'Photos',
    status: 201,
  },
  deleteJobPhoto: {
    method: 'DELETE',
    path: `${crew}/jobs/:id/photos/:photoId`,
    auth: 'crew',
    params: 'BookingPhotoParams',
    response: 'Photos',
  },
  jobPhotoFile: {
    method: 'GET',
    path: `${crew}/photos/:photoId`,
    auth: 'crew',
    params: 'PhotoParams',
    response: image,
  },
} as const satisfies Record<string, RouteDef>;

export const photosCustomerCalls = {
  uploadRequestPhoto: {
    method: 'POST',
    path: '/api/customer/photos/:businessId',
    auth: 'none',
    crossOrigin: true,
    limit: 'photoUpload',
    params: 'RequestPhotoParams',
    upload: 'photo',
    response: 'RequestPhotoUploaded',
    status: 201,
  },
  managePhotos: {
    method: 'GET',
    path: '/api/customer/manage/photos',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'ManagePhotoQuery',
    response: 'Photos',
  },
  managePhotoFile: {
    method: 'GET',
    path: '/api/customer/manage/photos/:photoId',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    params: 'PhotoParams',
    query: 'ManagePhotoQuery',
    response: image,
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const photosSummaries: {
  dashboard: SummariesOf<typeof photosDashboardCalls>;
  crew: SummariesOf<typeof photosCrewCalls>;
  customer: SummariesOf<typeof photosCustomerCalls>;
} = {
  dashboard: {
    bookingPhotos:
      "A booking's photos: the crew's and the owner's before and after photos, and the customer's with the request. Refused: BOOKING_NOT_FOUND.",
    addBookingPhoto:
      'Adds a before or after photo to a booking as the owner: the body is the image (JPEG, PNG or WebP, at most 8 MB), re-encoded without its metadata. Refused: BOOKING_NOT_FOUND, PHOTOS_FULL, PHOTO_TOO_LARGE, PHOTO_NOT_AN_IMAGE, PHOTO_HEIC, PHOTO_UNREADABLE.',
    deleteBookingPhoto:
      "Deletes one of a booking's photos (whoever added it). Refused: BOOKING_NOT_FOUND, PHOTO_NOT_FOUND.",
    photoFile: "One of the business's photos, as JPEG, for the owner only. Refused: PHOTO_NOT_FOUND.",
    servicePhotoRequest:
      'Sets whether a service asks the customer for photos with the request (off, optional or required) and in what words. Refused: SERVICE_NOT_FOUND.',
  },
  crew: {
    jobPhotos: "One of the crew's jobs' photos (never a price). Refused: JOB_NOT_FOUND.",
    addJobPhoto:
      "Adds a before or after photo to one of the crew's jobs: the body is the image (JPEG, PNG or WebP, at most 8 MB), re-encoded without its metadata. Refused: JOB_NOT_FOUND, PHOTOS_FULL, PHOTO_TOO_LARGE, PHOTO_NOT_AN_IMAGE, PHOTO_HEIC, PHOTO_UNREADABLE.",
    deleteJobPhoto:
      "Deletes one of the crew's job's before or after photos (the customer's stays: the owner's to delete). Refused: JOB_NOT_FOUND, PHOTO_NOT_FOUND, PHOTO_KEPT_FOR_OWNER, PHOTO_NOT_YOURS (only the photos this crew login added).",
    jobPhotoFile: "A photo of one of the crew's jobs, as JPEG. Refused: PHOTO_NOT_FOUND.",
  },
  customer: {
    uploadRequestPhoto:
      "A photo for a request not booked yet, when the service asks for one: the body is the image (JPEG, PNG or WebP, at most 8 MB), re-encoded without its metadata. Answers a token to send in book's photoTokens within an hour; an unclaimed photo is then deleted. Refused: BUSINESS_NOT_FOUND, PHOTO_TOO_LARGE, PHOTO_NOT_AN_IMAGE, PHOTO_HEIC, PHOTO_UNREADABLE.",
    managePhotos: "The booking's photos, through its manage link's token. Refused: LINK_INVALID.",
    managePhotoFile:
      "One of the booking's photos, as JPEG, through its manage link's token (another booking's photo is not found). Refused: LINK_INVALID, PHOTO_NOT_FOUND.",
  },
};
