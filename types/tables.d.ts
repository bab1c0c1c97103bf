// Type declarations for 'encoding-wasm/tables/<family>' and 'encoding-wasm/tables/all': modules
// imported for their effect (loading table families), with no exports.
export {};
