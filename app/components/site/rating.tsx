import { Icon } from "~/components/ui/icons";
import type { RatingView } from "~/domain/site-views";

/** "★ 4.8 (214 reviews) · Google reviews"; nothing when the package has no rating to show. */
export function Rating({ rating }: { rating: RatingView | undefined }) {
  if (!rating) return null;
  return (
    <p className="rating">
      <Icon name="star" size={15} className="rating-star" />
      <span>
        <strong>{rating.text.value}</strong>
        <span className="visually-hidden">{rating.text.outOf}</span>
        {rating.text.reviews || null}
        {rating.source ? <span className="rating-source"> · {rating.source}</span> : null}
      </span>
    </p>
  );
}
