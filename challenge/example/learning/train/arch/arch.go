//go:build wasip1

// Package arch is a training program's view of the architecture it is linked with: the
// architecture's exports, imported from the module "arch" (the host links them), as a
// model.Model. Used by the example training programs.
package arch

//go:wasmimport arch orders
func orders() int32

//go:wasmimport arch row
func row(k int32) int32

//go:wasmimport arch tag
func tag(k int32) int32

//go:wasmimport arch get
func get(r, b int32) int32

//go:wasmimport arch put
func put(r, b, v int32)

//go:wasmimport arch get_tag
func getTag(r int32) int32

//go:wasmimport arch clear
func clearRow(r, tag int32)

//go:wasmimport arch halve
func halve(r int32)

//go:wasmimport arch advance
func advance(b int32)

// Model is the linked architecture as a model.Model.
type Model struct{}

func (Model) Orders() int      { return int(orders()) }
func (Model) Row(k int) int    { return int(row(int32(k))) }
func (Model) Tag(k int) int    { return int(tag(int32(k))) }
func (Model) Get(r, b int) int { return int(get(int32(r), int32(b))) }
func (Model) Put(r, b, v int)  { put(int32(r), int32(b), int32(v)) }
func (Model) GetTag(r int) int { return int(getTag(int32(r))) }
func (Model) Clear(r, tag int) { clearRow(int32(r), int32(tag)) }
func (Model) Halve(r int)      { halve(int32(r)) }
func (Model) Advance(b int)    { advance(int32(b)) }
