// Package ocds publishes a sealed-bid tender as Open Contracting Data Standard 1.1
// documents: a release package with one release per event of the tender, and a record
// package holding those releases and the release compiled from them by the OCDS merge
// rules. Every document is a view computed from ledger views at one moment; nothing
// here reads a clock, and the same views give the same bytes.
//
// Decisions made here, each documented for readers of the data:
//   - The ocid is "ocds-" + Prefix(chain) + "-tender-" + the tender's number. The prefix
//     is not one registered with the OCDS helpdesk: it is the first six hex digits of
//     sha256 of the arena's chain id, fixed for an arena and different between arenas
//     with overwhelming likelihood.
//   - Money: OCDS Value.currency is the closed ISO 4217 codelist, and an arena's symbol
//     (GEN) is not in it, so every Value carries currency "XXX" (ISO 4217: no currency),
//     amount in whole units of the arena's currency as an exact decimal number, and the
//     Arena extension's Value.arena with the symbol and the exact amount in atto.
//   - Enquiries use the official ocds_enquiry_extension (v1.1.5); they are not core in
//     OCDS 1.1.5. Bids use ocds_bid_extension (v1.1.5). What OCDS has no field for
//     (the weights and primary criterion, commitments and salts, each criterion's agreed
//     score with its round, appeals and rescoring, deposits and the fee, the criteria
//     digest an audit checks) is in the Arena extension, served with its own
//     extension.json and release-schema.json (Extension, ReleaseSchema).
//   - Release dates are the ledger's block times (the arena's clock) as RFC 3339 UTC;
//     the bid opening is dated at the end of the commit window, the moment bids stop
//     being sealed.
package ocds
