// The estimated token valuation input (kept for the session) and the boost it gives lending and borrowing.
import { useState } from "react";
import { pointsBoostAt } from "@ballast/sdk";
import { formatPercent } from "../../format/index.js";
import { Card, CardBody, CardHeader, Input, Stat } from "../../ui/index.js";
import { VALUATION_ERROR, loadValuation, parseValuation, saveValuation } from "./valuation.js";

export function BoostCard({ totalPoints }: { readonly totalPoints: number | null }) {
  const [text, setText] = useState(loadValuation);
  const valuation = parseValuation(text);
  const invalid = text.trim() !== "" && valuation === null;
  const boost = valuation === null || totalPoints === null ? null : pointsBoostAt(valuation, totalPoints);

  return (
    <Card>
      <CardHeader
        title="Points boost"
        description="What your points could be worth as yield: 20% of the token's value shared over all points (0.2 × valuation × (multiplier − 1) / total points × 365)."
      />
      <CardBody className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:items-start">
        <Input
          label="Estimated token valuation"
          prefix="$"
          inputMode="decimal"
          placeholder="1000000000"
          value={text}
          error={invalid ? VALUATION_ERROR : undefined}
          hint="Your own estimate of the token's fully diluted value; kept for this browser session."
          onChange={(event) => {
            setText(event.target.value);
            saveValuation(event.target.value);
          }}
        />
        <dl className="grid grid-cols-2 gap-6" aria-label="Points boost">
          <Stat label="Lending boost" value={boost ? formatPercent(boost.lending) : "—"} />
          <Stat
            label="Borrowing boost"
            value={boost ? formatPercent(boost.borrowing) : "—"}
            hint={totalPoints !== null && totalPoints < 1 ? "No points issued yet" : undefined}
          />
        </dl>
      </CardBody>
    </Card>
  );
}
