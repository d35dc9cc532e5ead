"""The CuPy kinds by name: the same names as bench/workloads.ts KINDS."""
from .elementwise import k_add, k_add_row, k_add_transposed, k_small_add, k_raw_small, k_ek_small, k_ek_cold, k_ek_warm, k_ek_first, k_saxpy
from .fft import k_fft1d, k_rfft2
from .indexing import k_join, k_tile, k_repeat, k_flip_copy, k_roll, k_pad, k_boolean_mask, k_gather
from .linalg import k_matmul, k_einsum_gemm, k_matmul_batched, k_linalg_solve, k_linalg_inv, k_linalg_eig
from .reductions import k_sum, k_fuse_hypot, k_fuse_sum, k_sum_axis, k_array_equal
from .rng import k_rng_random, k_rng_normal, k_rng_integers, k_rng_legacy_rand
from .sorting import k_sort, k_argsort, k_median, k_cumsum, k_unique, k_histogram
from .transfers import k_arange, k_copy, k_upload, k_download, k_upload_pinned, k_download_pinned, k_scalar_chain

KINDS = {
    'fft1d': k_fft1d, 'rfft2': k_rfft2,
    'linalgSolve': k_linalg_solve, 'linalgInv': k_linalg_inv, 'linalgEig': k_linalg_eig,
    'matmul': k_matmul, 'einsumGemm': k_einsum_gemm, 'matmulBatched': k_matmul_batched,
    'tile': k_tile, 'repeat': k_repeat, 'flipCopy': k_flip_copy, 'roll': k_roll, 'pad': k_pad,
    'concatenate': k_join('concatenate'), 'stack': k_join('stack'), 'booleanMask': k_boolean_mask, 'gather': k_gather,
    'add': k_add, 'addRow': k_add_row, 'addTransposed': k_add_transposed, 'smallAdd': k_small_add,
    'rawSmall': k_raw_small, 'ekSmall': k_ek_small, 'ekCold': k_ek_cold, 'ekWarm': k_ek_warm,
    'ekFirst': k_ek_first, 'saxpy': k_saxpy, 'sum': k_sum, 'sumAxis': k_sum_axis,
    'arrayEqual': k_array_equal, 'arange': k_arange, 'copy': k_copy, 'upload': k_upload, 'download': k_download,
    'uploadPinned': k_upload_pinned, 'downloadPinned': k_download_pinned, 'scalarChain': k_scalar_chain,
    'rngRandom': k_rng_random, 'rngNormal': k_rng_normal, 'rngIntegers': k_rng_integers, 'rngLegacyRand': k_rng_legacy_rand,
    'fuseHypot': k_fuse_hypot, 'fuseSum': k_fuse_sum,
    'sort': k_sort, 'argsort': k_argsort, 'median': k_median, 'cumsum': k_cumsum, 'unique': k_unique, 'histogram': k_histogram,
}

