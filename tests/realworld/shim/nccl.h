#pragma once
/* NCCL is host-only: the handle type only, for declarations the extraction keeps. */
typedef struct ncclComm* ncclComm_t;
