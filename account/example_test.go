package account_test

import (
	"fmt"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

func ExampleKey_SignTx() {
	k, _ := account.FromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	tx := &ledger.Tx{Chain: "arena-example", SigChainID: ledger.KeystoreChainID, Nonce: 1, Body: ledger.Grade{Entry: 1}}
	if err := k.SignTx(tx); err != nil {
		panic(err)
	}
	fmt.Println(tx.From)
	fmt.Println(tx.Verify())
	// Output:
	// 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23
	// <nil>
}
