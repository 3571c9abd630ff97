// web3.js's Secp256k1Program (Ethereum-style signatures) in the browser build: Ballast never builds its instructions,
// yet web3.js reads the curve at module load, which would ship secp256k1 and keccak (~10 KB gzip) on the first load.
// These stand-ins keep web3.js loading and refuse any actual use.
function unavailable() {
  throw new Error("Secp256k1Program is not part of Ballast's browser build");
}

export const secp256k1 = {
  sign: unavailable,
  getPublicKey: unavailable,
  utils: { isValidPrivateKey: unavailable },
};

export const keccak_256 = unavailable;
