#!/usr/bin/env bats
# xq-bitpack: the rules (perft), packing, unpacking and the errors a user
# can meet.

load helpers

@test "perft from the start position matches the published counts" {
	run xq-perft 1
	[ "$output" = 44 ]
	run xq-perft 2
	[ "$output" = 1920 ]
	run xq-perft 3
	[ "$output" = 79666 ]
	run xq-perft 4
	[ "$output" = 3290240 ]
}
