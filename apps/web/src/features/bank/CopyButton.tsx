// A small button copying a text (an address, a signature, a link) to the clipboard, with a toast saying so.
import { Button, useToast } from "../../ui/index.js";

export function CopyButton({ text, label, copied }: { readonly text: string; readonly label: string; readonly copied: string }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.toast({ title: copied, tone: "success", durationMs: 2_000 });
    } catch {
      toast.toast({ title: "Could not copy", description: text, tone: "error" });
    }
  }
  return (
    <Button variant="ghost" size="sm" aria-label={label} title={label} onClick={() => void copy()}>
      Copy
    </Button>
  );
}
