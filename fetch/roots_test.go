package fetch

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"net/http/httptest"
	"testing"
	"time"
)

// testCA is a certificate authority made for one test, and a server certificate for
// 127.0.0.1 that it signed.
type testCA struct {
	pem  []byte // the CA certificate, PEM encoded
	leaf tls.Certificate
}

func newTestCA(t *testing.T) testCA {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ca := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Arena test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ = x509.ParseCertificate(caDER)
	leafKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "work.internal"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:    x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &leafKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	return testCA{
		pem:  pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		leaf: tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: leafKey},
	}
}

// serve starts an HTTPS server on loopback whose certificate ca signed.
func (ca testCA) serve(t *testing.T, body string) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(text(body))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{ca.leaf}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestAPrivateCAIsTrustedBesidesTheSystemRoots: a work URL served under a private CA
// fetches once SystemRootsPlus adds that CA, and fails as an untrusted certificate
// with the system's roots alone; the pool is the system's with the CA added, so the
// public roots stay trusted.
func TestAPrivateCAIsTrustedBesidesTheSystemRoots(t *testing.T) {
	ca := newTestCA(t)
	url := ca.serve(t, "work behind a private CA")
	pool, err := SystemRootsPlus(ca.pem)
	if err != nil {
		t.Fatal(err)
	}
	got, err := New(Config{AllowLoopback: true, RootCAs: pool}).Fetch(context.Background(), url+"/work.md")
	if err != nil || string(got) != "work behind a private CA" {
		t.Fatalf("Fetch with the private CA = %q, %v", got, err)
	}
	_, err = New(Config{AllowLoopback: true}).Fetch(context.Background(), url+"/work.md")
	match(t, err, ErrCertificate)

	want, err := x509.SystemCertPool()
	if err != nil {
		t.Fatal(err)
	}
	want.AppendCertsFromPEM(ca.pem)
	if !pool.Equal(want) {
		t.Fatal("SystemRootsPlus is not the system roots plus the CA")
	}
}

// TestRootsWithoutACertificateAreRefused: PEM data holding no certificate (an empty
// file, a key, text) is ErrNoCertificate, so a mistyped ca_file is caught at start.
func TestRootsWithoutACertificateAreRefused(t *testing.T) {
	for _, in := range []string{"", "not pem", "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n"} {
		if _, err := SystemRootsPlus([]byte(in)); !errors.Is(err, ErrNoCertificate) {
			t.Errorf("SystemRootsPlus(%q) = %v, want ErrNoCertificate", in, err)
		}
	}
}
