// The health band as a coloured badge beside the health factor.
import type { HealthBand } from "@ballast/sdk";
import { Badge } from "../../ui/index.js";
import { HEALTH_BAND_LABELS, HEALTH_BAND_TONES } from "./health-band-view.js";

export function HealthBandBadge({ band, testId = "health-band" }: { readonly band: HealthBand; readonly testId?: string }) {
  return (
    <span data-testid={testId} data-band={band}>
      <Badge tone={HEALTH_BAND_TONES[band]}>{HEALTH_BAND_LABELS[band]}</Badge>
    </span>
  );
}
