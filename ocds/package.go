package ocds

import (
	"fmt"
	"strings"
)

// Paths of a tender's documents on a node, under its base URL.
const (
	PackagePath = "/v1/tenders/%d/ocds"
	RecordPath  = "/v1/tenders/%d/ocds/record"
)

// extensions returns the extension URLs a package served from base lists.
func extensions(base string) []string {
	return []string{BidsExtension, EnquiryExtension, strings.TrimRight(base, "/") + ExtensionPath}
}

func publisher(src Source) Publisher {
	name := src.Name
	if name == "" {
		name = src.Chain
	}
	return Publisher{Name: name, Scheme: "arena-chain", UID: src.Chain}
}

// Package returns tender src.Tender's release package as served from base (a URL such
// as "http://127.0.0.1:8545", which names the package and the Arena extension). Its
// published date is its newest release's.
func Package(src Source, base string) ReleasePackage {
	rs := Releases(src)
	return ReleasePackage{
		URI: strings.TrimRight(base, "/") + fmt.Sprintf(PackagePath, src.Tender.ID), Version: Version,
		Extensions: extensions(base), Publisher: publisher(src), PublishedDate: rs[len(rs)-1].Date, Releases: rs,
	}
}

// RecordOf returns tender src.Tender's record package as served from base: its
// releases embedded and the release Compile makes of them.
func RecordOf(src Source, base string) (RecordPackage, error) {
	rs := Releases(src)
	c, err := Compile(rs)
	if err != nil {
		return RecordPackage{}, fmt.Errorf("tender %d: %w", src.Tender.ID, err)
	}
	return RecordPackage{
		URI: strings.TrimRight(base, "/") + fmt.Sprintf(RecordPath, src.Tender.ID), Version: Version,
		Extensions: extensions(base), Publisher: publisher(src), PublishedDate: rs[len(rs)-1].Date,
		Records: []Record{{OCID: rs[0].OCID, Releases: rs, CompiledRelease: c}},
	}, nil
}
