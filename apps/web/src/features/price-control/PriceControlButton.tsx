// Opens the price control; the wallet menu shows it only where the server has one (/api/config priceControl).
import { useState } from "react";
import { Button, Dialog } from "../../ui/index.js";
import { PriceControlPanel } from "./PriceControlPanel.js";

export function PriceControlButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className="w-full" onClick={() => setOpen(true)}>
        Price control
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Price control"
        description="Set a token's oracle price on the local chain and hold it, then watch positions react."
        variant="sheet"
      >
        <PriceControlPanel />
      </Dialog>
    </>
  );
}
