package fetch

import (
	"crypto/x509"
	"errors"
	"fmt"
)

// ErrNoCertificate is returned by SystemRootsPlus for PEM data that holds no
// certificate.
var ErrNoCertificate = errors.New("no PEM certificate found")

// SystemRootsPlus returns the system's trusted roots with the PEM certificates in
// pemCerts added, for Config.RootCAs: a private CA (an intranet's, a test fixture's)
// trusted for work URLs besides the public roots, never instead of them. The system's
// own pool is not changed.
func SystemRootsPlus(pemCerts []byte) (*x509.CertPool, error) {
	pool, err := x509.SystemCertPool()
	if err != nil {
		return nil, fmt.Errorf("system roots: %w", err)
	}
	if !pool.AppendCertsFromPEM(pemCerts) {
		return nil, ErrNoCertificate
	}
	return pool, nil
}
