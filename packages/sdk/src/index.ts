// The Ballast client SDK: state, client-side math, instruction builders and the transaction layer.
export {};
