// indexer/index_lock.hpp — the one-writer lock of an index directory.
//
// Xapian's own write lock (DIR/<generation>/flintlock) covers only the database
// a writer opens. A --full rebuild writes a NEW generation directory, so two
// rebuilds, or a rebuild and an incremental run, would not exclude each other.
// Every cvsearch writer therefore first takes an exclusive flock(2) on
// DIR/cvsearch.lock, for as long as it lives, and writes who it is into that
// file (pid, host, start time, command) so that a second writer can say who is
// in the way. The lock is released by the kernel when the process exits, even
// on SIGKILL; the file itself is never deleted (deleting flock files races).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

namespace cvsearch::indexing {

/// The lock file's name inside the index directory.
inline constexpr const char* lock_file_name = "cvsearch.lock";

class IndexLock {
  public:
    IndexLock() = default;
    /// Takes the lock on `dir` (which must exist). When another process holds
    /// it: waits up to `wait` (polling), calling `on_wait` once with a
    /// description of the holder; then throws Error(index_locked) naming the
    /// holder. Throws Error(io) when the lock file cannot be created.
    IndexLock(const std::filesystem::path& dir, std::chrono::milliseconds wait,
              const std::function<void(const std::string& holder)>& on_wait = {});
    ~IndexLock();
    IndexLock(IndexLock&& other) noexcept;
    IndexLock& operator=(IndexLock&& other) noexcept;
    IndexLock(const IndexLock&) = delete;
    IndexLock& operator=(const IndexLock&) = delete;

    bool held() const noexcept { return fd_ >= 0; }
    /// How long the constructor waited for the lock.
    std::chrono::milliseconds waited() const noexcept { return waited_; }

    /// "pid 1234 on host db1, since 2025-03-01T02:00:00Z (cvsearch index /srv/cvs --db /var/lib/cvsearch)"
    /// from the lock file's content, or "another process" when it says nothing.
    static std::string describe_holder(const std::filesystem::path& dir);

  private:
    int fd_ = -1;
    std::chrono::milliseconds waited_{0};
};

}  // namespace cvsearch::indexing
