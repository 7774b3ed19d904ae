package ocds

import _ "embed"

// Extension is the Arena extension's extension.json, and ReleaseSchema its
// release-schema.json: a JSON Merge Patch of the OCDS release schema, applied after the
// bids and enquiries extensions. A node serves them at ExtensionPath and SchemaPath.
var (
	//go:embed extension/extension.json
	Extension []byte
	//go:embed extension/release-schema.json
	ReleaseSchema []byte
)
