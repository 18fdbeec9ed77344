/** The eight test vectors of ../shared/spec/provably-fair.md. */
export const VECTORS = [
  { n: 1, serverSeed: '0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80', hash: 'a6f57d69f66f23e06f459bcc5b55bd7ee4a46d05f6d13b47cbf810b12d2c2c8a', clientSeed: 'lucky-player', nonce: 0, round: 0, chunk: 0, R: 83399, roll: '83.399' },
  { n: 2, serverSeed: '0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80', hash: 'a6f57d69f66f23e06f459bcc5b55bd7ee4a46d05f6d13b47cbf810b12d2c2c8a', clientSeed: 'lucky-player', nonce: 1, round: 0, chunk: 0, R: 24708, roll: '24.708' },
  { n: 3, serverSeed: '0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80', hash: 'a6f57d69f66f23e06f459bcc5b55bd7ee4a46d05f6d13b47cbf810b12d2c2c8a', clientSeed: 'lucky-player', nonce: 4294967296, round: 0, chunk: 0, R: 62004, roll: '62.004' },
  { n: 4, serverSeed: 'c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168', hash: 'd008aace00b6ddb25e866f75e737d858f58f51585b7e5a04c8489c6566a14aa7', clientSeed: 'Игрок🎲ß', nonce: 0, round: 0, chunk: 0, R: 72237, roll: '72.237' },
  { n: 5, serverSeed: 'c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168', hash: 'd008aace00b6ddb25e866f75e737d858f58f51585b7e5a04c8489c6566a14aa7', clientSeed: 'a:b:7', nonce: 42, round: 0, chunk: 0, R: 12305, roll: '12.305' },
  { n: 6, serverSeed: '0000000000000000000000000000000000000000000000000000000000000000', hash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55', clientSeed: '0', nonce: 0, round: 0, chunk: 0, R: 2475, roll: '2.475' },
  { n: 7, serverSeed: '68986e87c675711383e57cf83e148ea966ae33b3edb8ad2f91841dd800120156', hash: '510fc5b1dd64916c74b726fa99557321d4e6879afc0163dd9a643149c971e3a5', clientSeed: 'reject-me', nonce: 33254, round: 0, chunk: 1, R: 73020, roll: '73.020' },
  { n: 8, serverSeed: 'cb08a8e52580e00f46d30b241de49fa6840db5147848091bd0f6f8e05bd0852d', hash: '25df70f1b19ea7a6bb1d1ded97651a7ae352563f714a7dd69a4813458cbf66e0', clientSeed: 'edge', nonce: 37062, round: 0, chunk: 0, R: 99999, roll: '99.999' },
] as const;
