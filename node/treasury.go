package node

import (
	"fmt"

	"github.com/arena/arena/account"
)

// treasuryKey names a treasury in t when its operator chose none: it generates a key,
// sets t.Treasury to its address and returns it, for the caller to keep in the
// keystore beside the validators' keys, so that the treasury can withdraw what tenders
// pay it. It returns nil when t already names a treasury.
func treasuryKey(t *Terms) (*account.Key, error) {
	if t.Treasury != nil {
		return nil, nil
	}
	k, err := account.Generate()
	if err != nil {
		return nil, fmt.Errorf("treasury key: %w", err)
	}
	a := k.Address()
	t.Treasury = &a
	return k, nil
}
