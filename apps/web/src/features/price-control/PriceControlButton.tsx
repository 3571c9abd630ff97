// Opens the price control; the wallet menu shows it only where the server has one (/api/config priceControl). The
// panel loads with the first opening and stays mounted after, as the dialog's content always was.
import { lazy, Suspense, useState } from "react";
import { Button, Dialog, Skeleton } from "../../ui/index.js";

const PriceControlPanel = lazy(() => import("./PriceControlPanel.js").then((m) => ({ default: m.PriceControlPanel })));

export function PriceControlButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="w-full"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Price control
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Price control"
        description="Set a token's oracle price on the local chain and hold it, then watch positions react."
        variant="sheet"
      >
        {loaded && (
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <PriceControlPanel />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
