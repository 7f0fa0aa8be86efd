// searcher/context_pool.hpp — per-thread Xapian handles for a Searcher shared by
// many threads, kept fresh while the index changes under them.
//
// Xapian objects are not thread-safe (not even copying a Database handle), so
// every request borrows a whole Context (its own Database, QueryParser, ...)
// from the pool and gives it back afterwards; at most `max_idle` wait idle.
//
// FRESHNESS (the bound is SearcherOptions::poll_interval, default 200 ms):
//  - In-place commits (incremental `cvsearch index`): a context that has not
//    been refreshed for poll_interval is reopen()ed before it serves a request.
//  - Swaps (`cvsearch index --full` rewrites the stub DIR/XAPIANDB to name a new
//    generation, a legacy DIR loses its iamglass, DIR or a symlink to it is
//    replaced): reopen() does not follow those, so at most every poll_interval
//    one request stat()s DIR, DIR/iamglass and DIR/XAPIANDB (inode, size, mtime,
//    content); when anything changed, every context opened before is dropped and
//    new ones are opened from the path.
//  So a request that starts poll_interval after a commit or swap finished sees
//  it. poll_interval 0 checks before every request (one stat + reopen, a few µs).
//
// REMOTE SHARDS: xapian-tcpsrv closes connections idle for longer than its
// --idle-timeout (60 s); a pooled context that then fails with NetworkError is
// replaced by a freshly connected one once, whatever else is going on.
//
// RETRIES: a request whose revision was discarded (DatabaseModifiedError)
// reopens and runs again from the start, up to max_retries times: at once the
// first time, then after a backoff of 1, 2, 4... ms (capped at 50 ms; about
// 0.2 s in all with the default 8 retries), so a burst of commits ends first.
// The errors a reader can see while a writer rewrites blocks
// (DatabaseCorruptError, "EOF reading block" DatabaseError, a generation
// vanishing during a swap, NetworkError) are retried the same way, with a fresh
// Database and a backoff of 5, 10, 15 ms..., but only while the index is
// changing: a writer holds DIR/cvsearch.lock or Xapian's lock, or the stub
// changed. Otherwise, or after max_retries, the error is reported
// (cvsearch::Error via xapian_errors).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <xapian.h>

#include "cvsearch/errors.hpp"
#include "vocabulary/xapian_errors.hpp"

namespace cvsearch::search {

/// What a stat() can tell about which database a path opens.
struct IndexMarker {
    bool exists = false;
    std::uint64_t dev = 0, ino = 0;  ///< of DIR (after symlinks)
    bool legacy = false;             ///< DIR/iamglass exists (Xapian prefers it over a stub)
    bool stub = false;               ///< DIR/XAPIANDB exists (or DIR is a stub file)
    std::uint64_t stub_ino = 0, stub_size = 0;
    std::int64_t stub_mtime_ns = 0;
    std::string stub_content;
    friend bool operator==(const IndexMarker&, const IndexMarker&) = default;
};

IndexMarker read_index_marker(const std::filesystem::path& db);

/// True when a writer is at work on the index: it holds DIR/cvsearch.lock
/// (seen in /proc/locks, without touching the lock) or Xapian's write lock on
/// the current database. False when that cannot be told.
bool writer_active(const std::filesystem::path& db);

template <class Context>
class ContextPool {
  public:
    /// Opens a new context from the path; may throw Xapian::Error or cvsearch::Error.
    using Open = std::function<std::unique_ptr<Context>()>;

    ContextPool(std::filesystem::path path, Open open, std::chrono::milliseconds poll_interval, std::size_t max_retries,
                std::size_t max_idle = 16)
        : path_(std::move(path)), name_(path_.string()), open_(std::move(open)), poll_interval_(poll_interval),
          max_retries_(max_retries), max_idle_(max_idle), marker_(read_index_marker(path_)) {
        next_poll_ = Clock::now() + poll_interval_;
    }

    /// Opens one context now, so that a missing or unreadable index fails here.
    /// With the retry policy: a writer committing meanwhile is no error.
    void prime() {
        with_context([](Context&) { return true; });
    }

    /// Runs fn(Context&) — the whole request — with the retry policy above.
    template <class F>
    auto with_context(F&& fn) -> decltype(fn(std::declval<Context&>())) {
        Slot slot;
        bool reopen = false;
        for (std::size_t attempt = 0;; ++attempt) {
            try {
                if (!slot.ctx) {
                    slot = acquire();
                } else if (reopen) {
                    reopen_context(*slot.ctx);
                    slot.checked = Clock::now();
                }
                reopen = false;
                auto result = fn(*slot.ctx);
                release(std::move(slot));
                return result;
            } catch (const Xapian::DatabaseModifiedError& e) {
                if (attempt >= max_retries_) throw xapian_errors::translate(e, name_);
                // The revision was discarded: read the newest one, at once the first
                // time, then after 1, 2, 4... ms (at most 50), which lets a writer that
                // commits in a burst finish it instead of discarding every retry too.
                if (attempt > 0) std::this_thread::sleep_for(modified_backoff(attempt));
                reopen = true;
            } catch (const Xapian::DatabaseVersionError& e) {
                throw xapian_errors::translate(e, name_);
            } catch (const Xapian::DatabaseError& e) {  // corrupt block, EOF reading block, opening
                retry_transient(e, slot, attempt);
            } catch (const Xapian::NetworkError& e) {
                // Also a remote shard that closed an idle connection: the first
                // failure on a pooled context gets a fresh connection.
                const bool pooled = slot.ctx && slot.fresh == false;
                retry_transient(e, slot, attempt, pooled && attempt == 0, /*local=*/false);
            } catch (const Xapian::Error& e) {
                throw xapian_errors::translate(e, name_);
            } catch (...) {
                if (slot.ctx) release(std::move(slot));  // our own errors leave the context usable
                throw;
            }
        }
    }

  private:
    using Clock = std::chrono::steady_clock;
    struct Slot {
        std::unique_ptr<Context> ctx;
        bool fresh = true;  ///< opened for this request, not taken from the idle list
        std::uint64_t generation = 0;
        Clock::time_point checked{};
    };

    /// Contexts may reopen more than `db` (a sharded index's dictionary) and
    /// may refuse to be pooled (one that left out a shard, until it is retried).
    static void reopen_context(Context& ctx) {
        if constexpr (requires { ctx.reopen(); }) ctx.reopen();
        else ctx.db.reopen();
    }
    static bool reusable(const Context& ctx) {
        if constexpr (requires { ctx.reusable(); }) return ctx.reusable();
        else return true;
    }

    /// 1, 2, 4... ms for retry 1, 2, 3..., at most 50 ms.
    static std::chrono::milliseconds modified_backoff(std::size_t attempt) {
        const std::size_t doubling = std::size_t{1} << std::min<std::size_t>(attempt - 1, 6);
        return std::chrono::milliseconds(std::min<std::size_t>(50, doubling));
    }

    /// `local`: the error can come from a local writer (not so for a network
    /// error; and checking would open the remote shards again, which costs a
    /// connect timeout when a machine is down).
    void retry_transient(const Xapian::Error& e, Slot& slot, std::size_t attempt, bool always_once = false,
                         bool local = true) {
        slot.ctx.reset();  // never trust that handle again
        bool changing = always_once || (local && writer_active(path_)) || read_index_marker(path_) != current_marker();
        if (attempt >= max_retries_ || !changing) throw xapian_errors::translate(e, name_);
        std::this_thread::sleep_for(std::chrono::milliseconds(5 * (attempt + 1)));
        poll(true);
    }

    IndexMarker current_marker() {
        std::lock_guard lock(mutex_);
        return marker_;
    }

    /// Re-reads the marker when poll_interval has passed (or when forced); a
    /// change drops every context opened before it.
    void poll(bool force) {
        const auto now = Clock::now();
        std::lock_guard lock(mutex_);
        if (!force && now < next_poll_) return;
        next_poll_ = now + poll_interval_;
        IndexMarker m = read_index_marker(path_);
        if (m == marker_) return;
        marker_ = std::move(m);
        ++generation_;
        idle_.clear();
    }

    Slot open_slot() {
        std::uint64_t generation;
        {
            std::lock_guard lock(mutex_);
            generation = generation_;  // read before opening: a swap during the open makes it stale, not wrong
        }
        Slot s;
        s.ctx = open_();
        s.generation = generation;
        s.checked = Clock::now();
        return s;
    }

    Slot acquire() {
        poll(false);
        Slot s;
        {
            std::lock_guard lock(mutex_);
            if (!idle_.empty()) {
                s = std::move(idle_.back());
                idle_.pop_back();
            }
        }
        if (s.ctx && !reusable(*s.ctx)) s.ctx.reset();
        if (!s.ctx) return open_slot();
        s.fresh = false;
        if (Clock::now() - s.checked >= poll_interval_) {
            try {
                reopen_context(*s.ctx);  // in-place commits; errors go through the retry policy
            } catch (const Xapian::NetworkError&) {
                return open_slot();  // a remote shard closed the idle connection: connect again
            }
            s.checked = Clock::now();
        }
        return s;
    }

    void release(Slot s) {
        std::lock_guard lock(mutex_);
        if (s.generation == generation_ && idle_.size() < max_idle_ && reusable(*s.ctx)) idle_.push_back(std::move(s));
    }

    const std::filesystem::path path_;
    const std::string name_;
    const Open open_;
    const std::chrono::milliseconds poll_interval_;
    const std::size_t max_retries_;
    const std::size_t max_idle_;

    std::mutex mutex_;  // guards everything below
    std::vector<Slot> idle_;
    IndexMarker marker_;
    std::uint64_t generation_ = 0;
    Clock::time_point next_poll_{};
};

}  // namespace cvsearch::search
