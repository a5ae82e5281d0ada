import { Icon } from "~/components/ui/icons";

export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <p className="rating">
      <Icon name="star" size={15} className="rating-star" />
      <span>
        <strong>{rating.toFixed(1)}</strong> ({reviewCount} reviews)
      </span>
    </p>
  );
}
