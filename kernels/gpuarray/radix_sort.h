// A stable least-significant-digit radix sort, 8 bits a pass, of 32- or 64-bit words, alone or
// carrying values. A word is either a dtype's raw bits, put in NumPy's order on the fly
// (radix_order_key: unsigned as is, signed with the sign bit flipped, floats by gpa::radix_key_f*)
// or a key made beforehand (kind 0). One sort is:
//   radix_histograms  one read of the input: every pass's 256 digit counts at once
//   radix_plan        per pass: where each digit's run starts (exclusive scan of the counts);
//                     whether the pass is trivial (every key has the same digit: the pass would be
//                     the identity, so it is skipped); which buffers each pass reads and writes
//   radix_onesweep    one launch per pass: a tile ranks its keys stably, learns where its runs
//                     start from the tiles before it (decoupled look-back), and writes keys and
//                     values out through shared memory in digit order, so runs are coalesced
//   radix_finish      only when no pass runs: the input (or the iota values) to the output
// Buffers: the input is only read (by the first pass that runs). Keys alone, and values, go
// in -> B/out alternating, so that the last pass lands in out; the keys of pairs go
// in -> B -> C -> B ... and the last pass writes none (no caller needs them).
//
// Look-back: tiles are numbered in the order blocks take them (a ticket; blocks loop until the
// tiles run out), so a tile only waits for tiles that running blocks own: no deadlock on the GPU
// (a block that holds a ticket is resident) nor on the cpu backend (an earlier ticket on the same
// OS thread is done; one on another OS thread is running). A tile publishes per digit one 64-bit
// word, (tag << 32) | count: tag 2 * pass + 1 for its own count, 2 * pass + 2 for the inclusive
// prefix over tiles 0..it. Flag and value travel in one word (no fence between them), and tags
// grow from pass to pass, so the words are zeroed once per sort.
// The parts: radix_common.h, radix_plan.h (histograms, plan), radix_onesweep.h (passes, finish).
#pragma once
#include "gpuarray/radix_common.h"
#include "gpuarray/radix_plan.h"
#include "gpuarray/radix_onesweep.h"
