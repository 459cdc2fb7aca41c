// The shape of a job's photos as the homeowner's job page shows them (app/components/job-photos.tsx), made by
// server/jobs/job-photos-view.ts.

export type JobPhotoKind = "before" | "after";

export type JobPhotoItem = {
  id: number;
  kind: JobPhotoKind;
  width: number;
  height: number;
  /** The business day of the homeowner's yes, or null. */
  consentDay: string | null;
  /** In a pair on Recent work (or on its way): the yes is no longer taken back on the page. */
  onSite: boolean;
};

export type JobPhotosView = { items: JobPhotoItem[]; consent: { version: string; text: string } };
