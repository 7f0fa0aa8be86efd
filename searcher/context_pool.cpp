// The index marker and the writer check behind searcher/context_pool.hpp.
#include "searcher/context_pool.hpp"

#include <fcntl.h>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace cvsearch::search {
namespace fs = std::filesystem;

namespace {

// Names from the index layout (indexer/generations.hpp, indexer/index_lock.hpp).
constexpr const char* stub_name = "XAPIANDB";
constexpr const char* glass_marker = "iamglass";
constexpr const char* lock_name = "cvsearch.lock";

void read_stub(const fs::path& stub, const struct stat& st, IndexMarker& m) {
    m.stub = true;
    m.stub_ino = st.st_ino;
    m.stub_size = static_cast<std::uint64_t>(st.st_size);
    m.stub_mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    int fd = ::open(stub.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    char buf[4096];
    ssize_t n = ::read(fd, buf, sizeof buf);  // a stub is one short line
    if (n > 0) m.stub_content.assign(buf, static_cast<std::size_t>(n));
    ::close(fd);
}

/// A sharded index's stub lists local shards ("auto shard-000"), each an index
/// with a stub of its own that a --full run swaps: their content is part of
/// the marker, so the swap of any shard is noticed too.
void add_shard_stubs(const fs::path& stub_dir, IndexMarker& m) {
    std::istringstream lines(m.stub_content);
    std::string line, nested;
    for (int i = 0; i < 1024 && std::getline(lines, line); ++i) {
        if (line.rfind("auto ", 0) != 0) continue;
        fs::path shard = line.substr(5);
        if (shard.is_relative()) shard = stub_dir / shard;
        struct stat s {};
        if (::stat((shard / stub_name).c_str(), &s) != 0) continue;
        IndexMarker inner;
        read_stub(shard / stub_name, s, inner);
        nested += line + "=" + std::to_string(inner.stub_ino) + ":" + inner.stub_content;
    }
    m.stub_content += nested;
}

}  // namespace

IndexMarker read_index_marker(const fs::path& db) {
    IndexMarker m;
    struct stat st {};
    if (::stat(db.c_str(), &st) != 0) return m;
    m.exists = true;
    m.dev = st.st_dev;
    m.ino = st.st_ino;
    if (S_ISREG(st.st_mode)) {  // the path is a stub file itself
        read_stub(db, st, m);
        add_shard_stubs(db.parent_path(), m);
        return m;
    }
    struct stat g {};
    m.legacy = ::stat((db / glass_marker).c_str(), &g) == 0;
    struct stat s {};
    if (::stat((db / stub_name).c_str(), &s) == 0) {
        read_stub(db / stub_name, s, m);
        add_shard_stubs(db, m);
    }
    return m;
}

bool writer_active(const fs::path& db) {
    struct stat st {};
    if (::stat((db / lock_name).c_str(), &st) == 0) {
        // /proc/locks: "1: FLOCK  ADVISORY  WRITE 1234 08:01:123456 0 EOF" (device in hex).
        std::ifstream locks("/proc/locks");
        std::ostringstream id;
        id << std::hex << std::setfill('0') << std::setw(2) << major(st.st_dev) << ':' << std::setw(2) << minor(st.st_dev)
           << ':' << std::dec << st.st_ino;
        const std::string want = id.str();
        std::string line;
        for (int i = 0; i < 100000 && std::getline(locks, line); ++i) {
            std::istringstream fields(line);
            std::string f;
            for (int k = 0; k < 6 && fields >> f; ++k) {
                if (k == 5 && f == want) return true;
            }
        }
    }
    try {
        return Xapian::Database(db.string()).locked();
    } catch (const Xapian::Error&) {
        return false;
    }
}

}  // namespace cvsearch::search
