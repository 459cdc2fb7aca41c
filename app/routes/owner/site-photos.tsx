// /owner/site/photos: photos from the phone → "Recent work". The upload is read in memory (owner guard, size cap),
// every photo goes through the photos:add ingest (upright, ≤ 2400 px, metadata stripped and verified) and only the
// stripped JPEG is saved, with its gallery entry, in one publish. Photos can be removed again.
import { data, redirect } from "react-router";
import type { Route } from "./+types/site-photos";
import { boxText, field, requireOwner, unknownIntent } from "./guard.server";
import {
  checkSource,
  freePhotoName,
  gallery,
  lookups,
  photoUsedElsewhere,
  serialize,
  openSiteRepo,
  publishingOff,
} from "./site-files.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { overLimit, TEXT_LIMITS, typedBack } from "~/lib/text-limits";

const LIMIT = TEXT_LIMITS.photos;
// The photo modules are imported on use: their image library is not for a process that only renders pages.
const photoUpload = () => import("../../../server/photos/photo-upload.ts");

const NO_STORE = { headers: { "Cache-Control": "no-store" } };
export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  openSiteRepo(args.context);
  // The owner is about to add a photo: the render's worker gets ready meanwhile (decision 0027).
  args.context.publisher?.warm();
  const { items } = gallery();
  const { city = [], service = [] } = lookups();
  const { HEIC_HELP, sharpDecodesHeic } = await import("../../../server/photos/photo-ingest.ts");
  return {
    csrf: owner.csrf,
    items,
    cities: city,
    services: service,
    heic: sharpDecodesHeic(),
    heicHelp: HEIC_HELP.replace(/^is an iPhone HEIC photo, which the site cannot read\. /, ""),
    saved: new URL(args.request.url).searchParams.has("saved"),
    off: publishingOff(args.context),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ingestUploads, photosFromForm, UPLOAD_LIMITS, UploadError } = await photoUpload();
  const owner = await requireOwner(args, { maxBytes: UPLOAD_LIMITS.maxTotalSize });
  const form = owner.form ?? new FormData();
  const intent = field(form, "intent", 20);
  if (intent !== "add" && intent !== "remove") unknownIntent();
  const root = openSiteRepo(args.context);
  const publisher = args.context.publisher;
  if (!publisher) return { error: publishingOff(args.context) };
  const { file, source, items } = gallery();

  if (intent === "remove") {
    const name = field(form, "file", 200);
    const item = items.find((i) => i.file === name);
    if (!item) return { error: "That photo is not in Recent work any more." };
    const rest = items.filter((i) => i !== item);
    const files = [{ path: file.path, content: serialize(file, { items: rest }, source) }];
    if (!photoUsedElsewhere(root, name))
      files.push({ path: `content/photos/${name}`, content: null as unknown as string });
    publisher.save({ summary: `Recent work: removed ${name}`, files });
    return redirect("/owner/site/photos?saved", NO_STORE);
  }

  const caption = boxText(form, "caption");
  const alt = boxText(form, "alt");
  const over = overLimit(caption, LIMIT.caption) ?? overLimit(alt, LIMIT.alt);
  if (over) return data({ error: over, typed: { caption, alt } }, { status: 400 });
  const service = field(form, "service", 100);
  const city = field(form, "city", 100);
  try {
    const photos = await ingestUploads(photosFromForm(form));
    const taken = new Set<string>();
    const added = photos.map((p) => ({ ...p, name: freePhotoName(root, p.slug, taken) }));
    const next = [
      ...added.map((p) => ({ file: p.name, alt, caption, ...(service ? { service } : {}), ...(city ? { city } : {}) })),
      ...items,
    ];
    const gallerySource = serialize(file, { items: next }, source);
    checkSource(file, gallerySource);
    publisher.save({
      summary: `Recent work: added ${added.length} photo${added.length === 1 ? "" : "s"}`,
      files: [
        ...added.map((p) => ({ path: `content/photos/${p.name}`, content: p.jpeg })),
        { path: file.path, content: gallerySource },
      ],
    });
  } catch (error) {
    if (error instanceof UploadError) return { error: error.message };
    if (error instanceof Error && error.name === "ContentError") {
      return { error: "Fill in the caption and the description for blind visitors." };
    }
    throw error;
  }
  return redirect("/owner/site?saved", NO_STORE);
}

export const meta = () => [{ title: "Photos | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base";

export default function SitePhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, items, cities, services, heic, heicHelp } = loaderData;
  const typed = typedBack(actionData);
  return (
    <>
      <a href="/owner/site" className="inline-flex min-h-11 items-center underline underline-offset-4">
        ← Site
      </a>
      <PageTitle sub="Photos of finished jobs, shown under “Recent work” on the pages of their service and town.">
        Photos
      </PageTitle>
      {loaderData.off && <Notice tone="warn">{loaderData.off}</Notice>}
      {loaderData.saved && <Notice>Saved. Publishing now.</Notice>}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Add photos</h2>
        <form method="post" encType="multipart/form-data" className="mt-2">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="add" />
          <label htmlFor="photos" className="font-semibold">
            Photos (up to 10, each up to 20 MB)
          </label>
          <input
            id="photos"
            name="photos"
            type="file"
            // Where HEIC cannot be read, asking for JPEG makes iPhones convert the photo before sending it.
            accept={heic ? "image/*" : "image/jpeg"}
            multiple
            required
            className="mt-1 block w-full"
          />
          {!heic && (
            <p className="mt-1 text-sm text-soot-800">iPhone photos are sent as JPEG. If one is refused: {heicHelp}</p>
          )}
          <label htmlFor="caption" className="mt-3 block font-semibold">
            Caption
          </label>
          <input
            id="caption"
            name="caption"
            required
            maxLength={LIMIT.caption.max}
            defaultValue={typed.caption}
            placeholder="New poured crown, October 2026"
            className={input}
          />
          <label htmlFor="alt" className="mt-3 block font-semibold">
            What the photos show (for blind visitors)
          </label>
          <input
            id="alt"
            name="alt"
            required
            maxLength={LIMIT.alt.max}
            defaultValue={typed.alt}
            placeholder="Concrete crown with a drip edge on a brick chimney"
            className={input}
          />
          <label htmlFor="service" className="mt-3 block font-semibold">
            Service
          </label>
          <select id="service" name="service" className={input} defaultValue="">
            <option value="">(none)</option>
            {services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <label htmlFor="city" className="mt-3 block font-semibold">
            Town
          </label>
          <select id="city" name="city" className={input} defaultValue="">
            <option value="">(none)</option>
            {cities.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <Button className="mt-4">Add and publish</Button>
        </form>
      </Card>
      <h2 className="font-serif text-xl font-bold">In Recent work</h2>
      {items.length === 0 ? (
        <p className="mt-1">No photos yet.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {items.map((item) => (
            <li key={item.file}>
              <Card>
                <p className="font-semibold">{item.caption}</p>
                <p className="text-sm text-soot-800">
                  {item.file} · {item.alt}
                </p>
                <form method="post" className="mt-2">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="file" value={item.file} />
                  <Button name="intent" value="remove" variant="danger">
                    Remove<span className="sr-only">: {item.caption}</span>
                  </Button>
                </form>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        To change a caption or description, edit{" "}
        <a href="/owner/site/edit/gallery" className="underline underline-offset-4">
          Recent work
        </a>
        .
      </p>
    </>
  );
}
