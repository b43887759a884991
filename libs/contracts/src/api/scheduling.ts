import type { OperationSchemaMap } from './operation';
import { publicStaffList, publicStaffQuery } from './public';
import * as appointments from './scheduling/appointments';
import * as availability from './scheduling/availability';
import * as feeds from './scheduling/calendar-feeds';
import * as reviews from './scheduling/reviews';
import * as staff from './scheduling/staff';
import * as waitlist from './scheduling/waitlist';

/** The scheduling service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries. */
export * from './scheduling/fields';
export * from './scheduling/staff';
export * from './scheduling/availability';
export * from './scheduling/appointments';
export * from './scheduling/calendar-feeds';
export * from './scheduling/reviews';
export * from './scheduling/waitlist';

export const schedulingOperations: OperationSchemaMap = {
  // staff members
  'GET /staff': { query: staff.staffListQuery, response: staff.staffPage },
  'POST /staff': {
    body: staff.createStaffBody,
    response: staff.staffMember,
    status: 201,
    errors: [400, 402, 409],
  },
  'GET /staff/positions/templates': { response: staff.positionTemplates },
  'POST /staff/appointments': {
    body: appointments.staffBookBody,
    response: appointments.appointment,
    status: 201,
    errors: [409],
    idempotent: true,
  },
  'GET /staff/{staff_id}': { query: staff.staffDetailQuery, response: staff.staffDetail },
  'PUT /staff/{staff_id}': { body: staff.updateStaffBody, response: staff.staffMember, errors: [400, 409] },
  'DELETE /staff/{staff_id}': { status: 204, errors: [409] },
  'GET /staff/{staff_id}/appointments': {
    query: appointments.staffAppointmentsQuery,
    response: appointments.appointmentPage,
  },
  // availability
  'GET /availability': { query: availability.availabilityListQuery, response: availability.availabilityPage },
  'POST /availability': {
    body: availability.availabilityEntryBody,
    response: availability.availabilityCreated,
    status: 201,
  },
  'POST /availability/bulk': {
    body: availability.availabilityBulkBody,
    response: availability.availabilityBulkCreated,
    status: 201,
  },
  'GET /availability/check': {
    query: availability.availabilityCheckQuery,
    response: availability.availabilityCheck,
  },
  'GET /availability/availability-grid': {
    query: availability.gridQueryFields,
    response: availability.availabilityGrid,
  },
  'PUT /availability/{availability_id}': {
    body: availability.availabilityChangeBody,
    response: availability.availabilityEntry,
  },
  'DELETE /availability/{availability_id}': { status: 204 },
  'GET /public/tenants/{slug}/availability': {
    query: availability.publicGridQuery,
    response: availability.publicAvailabilityGrid,
  },
  'GET /public/tenants/{slug}/staff': { query: publicStaffQuery, response: publicStaffList },
  // appointments
  'POST /appointments': {
    // A staff token must also name the customer (staffBookBody); the customer's own booking is the base shape.
    body: appointments.bookBody,
    response: appointments.appointment,
    status: 201,
    errors: [409],
    idempotent: true,
  },
  'GET /appointments': { query: appointments.appointmentListQuery, response: appointments.appointmentPage },
  'GET /appointments/{appointment_id}': { response: appointments.appointment },
  'PUT /appointments/{appointment_id}/reschedule': {
    body: appointments.rescheduleBody,
    response: appointments.appointment,
    errors: [409],
  },
  // 409: not pending or confirmed, or (a customer) past the tenant's cancellation deadline.
  'PUT /appointments/{appointment_id}/cancel': { response: appointments.appointmentCancelled, errors: [409] },
  'PUT /appointments/{appointment_id}/status': {
    body: appointments.statusBody,
    response: appointments.appointment,
  },
  'GET /appointments/stream': {
    query: appointments.appointmentStreamQuery,
    response: appointments.appointmentStreamDocument,
    mediaType: 'text/event-stream',
  },
  'GET /customers/{customer_id}/appointments': {
    query: appointments.customerAppointmentsQuery,
    response: appointments.customerAppointments,
  },
  // calendar feeds
  'POST /staff/{staff_id}/calendar-feed': { response: feeds.calendarFeedCreated, status: 201 },
  'GET /staff/{staff_id}/calendar-feed': { response: feeds.calendarFeedStatus },
  'DELETE /staff/{staff_id}/calendar-feed': { status: 204 },
  'POST /customer/calendar-feed': { response: feeds.calendarFeedCreated, status: 201 },
  'GET /customer/calendar-feed': { response: feeds.calendarFeedStatus },
  'DELETE /customer/calendar-feed': { status: 204 },
  'GET /public/calendar-feeds/{feed_token}': {
    response: feeds.calendarFeedDocument,
    mediaType: 'text/calendar',
    conditional: true,
  },
  // reviews
  'POST /customer/appointments/{appointment_id}/reviews': {
    body: reviews.reviewCreateBody,
    response: reviews.review,
    status: 201,
  },
  'GET /customer/reviews': { query: reviews.publicReviewQuery, response: reviews.reviewPage },
  'PUT /customer/reviews/{review_id}': { body: reviews.reviewUpdateBody, response: reviews.review },
  'GET /reviews': { query: reviews.reviewListQuery, response: reviews.reviewPage },
  'PUT /reviews/{review_id}/reply': { body: reviews.reviewReplyBody, response: reviews.review },
  'PUT /reviews/{review_id}/hide': { body: reviews.reviewHideBody, response: reviews.review },
  'GET /public/tenants/{slug}/services/{service_id}/reviews': {
    query: reviews.publicReviewQuery,
    response: reviews.publicReviewPage,
  },
  'GET /public/tenants/{slug}/staff/{staff_id}/reviews': {
    query: reviews.publicReviewQuery,
    response: reviews.publicReviewPage,
  },
  // the slot waitlist
  'POST /customer/waitlist': {
    body: waitlist.waitlistJoinBody,
    response: waitlist.waitlistEntry,
    status: 201,
    errors: [400, 409],
  },
  'GET /customer/waitlist': { query: waitlist.myWaitlistQuery, response: waitlist.waitlistPage },
  'DELETE /customer/waitlist/{entry_id}': { status: 204 },
  'GET /waitlist': { query: waitlist.waitlistDayQuery, response: waitlist.waitlistPage },
  'POST /customer/waitlist/offers/{offer_id}/accept': {
    response: appointments.appointment,
    status: 201,
    errors: [400, 402, 409],
  },
  'POST /customer/waitlist/offers/{offer_id}/decline': { status: 204, errors: [409] },
};
