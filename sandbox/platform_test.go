package sandbox

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/arena/arena/sandbox/gas"
)

func TestThePlatformNamesWazeroTheArchitectureAndTheInjector(t *testing.T) {
	if want := "wazero v1.12.0 " + runtime.GOARCH + " arena-gas/1"; Local() != want {
		t.Errorf("Local() = %q, want %q", Local(), want)
	}
	if Platform != "wazero v1.12.0 amd64 "+gas.Version {
		t.Errorf("Platform = %q", Platform)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "github.com/tetratelabs/wazero "+WazeroVersion+"\n") {
		t.Errorf("go.mod does not require wazero %s", WazeroVersion)
	}
}
