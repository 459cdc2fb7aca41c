import { Star } from "lucide-react";

/** Stars for sighted visitors, the same rating as text for screen readers. */
export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`${rating} out of ${outOf} stars`}>
      {Array.from({ length: outOf }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i < rating ? "size-5 fill-ember-500 text-ember-600" : "size-5 text-stone-300"}
        />
      ))}
    </p>
  );
}
