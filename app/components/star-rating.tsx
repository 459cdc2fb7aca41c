/** lucide's star, drawn in a 24-unit box. */
const STAR =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
/** A star's box plus the gap to the next. */
const PITCH = 26;

/**
 * Stars for sighted visitors, the same rating as text for screen readers. One drawing for the row: a browser lays
 * out and paints each SVG on its own, and five per testimonial were a tenth of the home page's first frame (issue 31).
 */
export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  const width = PITCH * outOf - 2;
  return (
    <svg
      role="img"
      aria-label={`${rating} out of ${outOf} stars`}
      viewBox={`0 0 ${width} 24`}
      width={Math.round((width * 20) / 24)}
      height={20}
      strokeWidth={2}
      strokeLinejoin="round"
    >
      {Array.from({ length: outOf }, (_, i) => (
        <path
          key={i}
          d={STAR}
          transform={i ? `translate(${PITCH * i})` : undefined}
          className={i < rating ? "fill-ember-500 stroke-ember-600" : "fill-none stroke-stone-300"}
        />
      ))}
    </svg>
  );
}
