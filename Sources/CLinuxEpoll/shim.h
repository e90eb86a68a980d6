// Linux's epoll, which Swift's Glibc module leaves out: the live benchmark's subscribers wait on it.
#include <sys/epoll.h>
