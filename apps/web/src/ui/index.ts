// The design system: small accessible components on the theme tokens of src/index.css.
export { cn } from "./cn.js";
export { Button, Spinner, type ButtonProps, type ButtonVariant, type ButtonSize } from "./Button.js";
export { Card, CardHeader, CardBody, Stat } from "./Card.js";
export { Badge, type BadgeTone } from "./Badge.js";
export { Table, THead, TBody, TR, TH, TD, SortableTH, type SortDirection } from "./Table.js";
export { Dialog, type DialogProps } from "./Dialog.js";
export { Tabs, type TabOption } from "./Tabs.js";
export { Input, type InputProps } from "./Input.js";
export { Skeleton } from "./Skeleton.js";
export { EmptyState } from "./EmptyState.js";
export { ToastLayer, ToastProvider, useToast, useToastSlot, type ToastInput, type ToastTone } from "./Toast.js";
export { Popover } from "./Popover.js";
export { Segmented, type SegmentedOption } from "./Segmented.js";
export { TokenMark, type TokenMarkProps } from "./TokenMark.js";
