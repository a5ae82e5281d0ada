import { Icon } from "~/components/ui/icons";
import type { RatingView } from "~/domain/site-views";

/** "★ 4.8 (214 reviews) · Google reviews"; nothing when the package has no rating to show. */
export function Rating({ rating }: { rating: RatingView | undefined }) {
  if (!rating) return null;
  return (
    <p className="rating">
      <Icon name="star" size={15} className="rating-star" />
      <span>
        <strong>{rating.value.toFixed(1)}</strong>
        <span className="visually-hidden"> out of 5</span>
        {rating.reviewCount !== undefined ? ` (${rating.reviewCount} reviews)` : null}
        {rating.source ? <span className="rating-source"> · {rating.source}</span> : null}
      </span>
    </p>
  );
}
