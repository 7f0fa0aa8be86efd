#include "indexer/generations.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

#include "cvsearch/errors.hpp"
#include "vocabulary/facet_table.hpp"

namespace cvsearch::indexing {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view gen_prefix = "gen-";

bool is_legacy_table_file(const std::string& name) {
    auto ends_with = [&](std::string_view suffix) {
        return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    const std::string facets = search::FacetTable::file_name;  // saved beside the tables at each commit
    return name == "flintlock" || ends_with(".glass") || ends_with(".DB") || ends_with(".baseA") ||
           ends_with(".baseB") || name == "iamglass" || name == "iamchert" || name == facets || name == facets + ".tmp";
}

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

[[noreturn]] void throw_io(const fs::path& what, const std::string& doing, int err) {
    throw Error(ErrorCode::io, what.string(),
                doing + ": " + std::strerror(err) + "; check free space and permissions of the index directory");
}

}  // namespace

std::string generation_name(unsigned number) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "gen-%06u", number);
    return buf;
}

std::optional<unsigned> parse_generation_name(std::string_view name) {
    if (name.size() <= gen_prefix.size() || name.substr(0, gen_prefix.size()) != gen_prefix) return std::nullopt;
    std::string_view digits = name.substr(gen_prefix.size());
    if (digits.size() > 9) return std::nullopt;
    unsigned n = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + static_cast<unsigned>(c - '0');
    }
    return n;
}

bool is_scratch_name(std::string_view name) {
    const std::size_t dot = name.find('.');
    if (dot == std::string_view::npos || !parse_generation_name(name.substr(0, dot))) return false;
    const std::string_view suffix = name.substr(dot);
    return suffix == ".compact" || suffix == ".raw";
}

fs::path IndexState::current_path() const {
    if (layout == Layout::generations) return dir / current;
    return dir;
}

unsigned IndexState::next_number() const {
    unsigned n = present.empty() ? 0 : present.back();
    if (auto c = parse_generation_name(current)) n = std::max(n, *c);
    return n + 1;
}

IndexState inspect(const fs::path& dir) {
    IndexState st;
    st.dir = dir;
    std::error_code ec;
    auto status = fs::status(dir, ec);
    if (!fs::exists(status)) return st;
    if (!fs::is_directory(status))
        throw Error(ErrorCode::usage, dir.string(), "exists and is not a directory; an index is a directory (use another --db path)");
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (auto n = parse_generation_name(it->path().filename().string()); n && it->is_directory(ec)) st.present.push_back(*n);
    }
    if (ec) throw Error(ErrorCode::io, dir.string(), "cannot read the index directory: " + ec.message());
    std::sort(st.present.begin(), st.present.end());

    if (fs::exists(dir / "iamglass", ec) || fs::exists(dir / "iamchert", ec)) {
        st.layout = Layout::legacy;
        return st;
    }
    const fs::path stub = dir / stub_file_name;
    if (!fs::exists(stub, ec)) return st;

    std::ifstream in(stub);
    if (!in) throw Error(ErrorCode::io, stub.string(), "cannot read the index's stub file; check its permissions");
    std::vector<std::string> lines;
    bool sharded = false;  // "# cvsearch-shards N": vocabulary/shards.hpp
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.rfind("# cvsearch-shards ", 0) == 0) sharded = true;
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    }
    if (sharded)
        throw Error(ErrorCode::usage, dir.string(),
                    "is a sharded index (" + std::to_string(lines.size()) +
                        " shards): update it with `cvsearch index ROOT --db " + dir.string() +
                        "` (cvsearch::index_directory), or write each shard DIR/shard-NNN as an index of its own");
    std::string generation;
    if (lines.size() == 1) {
        std::istringstream words(lines[0]);
        std::string type, path, extra;
        words >> type >> path >> extra;
        if ((type == "auto" || type == "glass") && extra.empty() && parse_generation_name(path)) generation = path;
    }
    if (generation.empty())
        throw Error(ErrorCode::usage, stub.string(),
                    "is a Xapian stub file that cvsearch did not write (cvsearch writes one line, `auto gen-NNNNNN`); "
                    "point --db at a directory that only cvsearch manages");
    st.layout = Layout::generations;
    st.current = generation;
    return st;
}

std::uintmax_t directory_bytes(const fs::path& dir) {
    std::uintmax_t total = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fec;
        if (it->is_regular_file(fec)) {
            auto n = it->file_size(fec);
            if (!fec) total += n;
        }
    }
    return total;
}

void sync_directory(const fs::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw_io(dir, "cannot open the directory to sync it", errno);
    if (::fsync(fd) != 0 && errno != EINVAL) {  // EINVAL: the file system cannot sync directories
        int err = errno;
        ::close(fd);
        throw_io(dir, "cannot sync the directory", err);
    }
    ::close(fd);
}

void publish(const IndexState& state, const std::string& generation) {
    const fs::path& dir = state.dir;
    sync_directory(dir / generation);  // the generation's file entries
    sync_directory(dir);               // the generation directory's own entry

    const fs::path stub = dir / stub_file_name;
    const fs::path tmp = dir / (std::string(stub_file_name) + ".tmp");
    const std::string content =
        "# cvsearch index: the current generation (docs/index-layout.md). Written atomically; do not edit.\n"
        "auto " + generation + "\n";
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw_io(tmp, "cannot write the new stub file", errno);
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            throw_io(tmp, "cannot write the new stub file", err);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        throw_io(tmp, "cannot sync the new stub file", err);
    }
    ::close(fd);
    if (::rename(tmp.c_str(), stub.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        throw_io(stub, "cannot replace the stub file", err);
    }
    sync_directory(dir);

    if (state.layout == Layout::legacy) {
        // Xapian opens DIR as glass while DIR/iamglass exists; removing it is the
        // switch. Readers that already opened the old tables keep their handles.
        for (const char* marker : {"iamglass", "iamchert"}) {
            if (::unlink((dir / marker).c_str()) != 0 && errno != ENOENT) throw_io(dir / marker, "cannot retire the old index", errno);
        }
        sync_directory(dir);
    }
}

CleanupResult clean(const IndexState& state, std::chrono::seconds grace) {
    CleanupResult out;
    const fs::path& dir = state.dir;
    std::error_code ec;
    auto remove_dir = [&](const std::string& name) {
        std::error_code rec;
        fs::remove_all(dir / name, rec);
        if (rec) out.warnings.push_back("cannot delete " + (dir / name).string() + ": " + rec.message());
        else out.removed.push_back(name);
    };
    fs::remove(dir / (std::string(stub_file_name) + ".tmp"), ec);
    std::vector<std::string> scratch;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (is_scratch_name(it->path().filename().string())) scratch.push_back(it->path().filename().string());
    for (const auto& name : scratch) remove_dir(name);

    if (state.layout != Layout::generations) {
        // Legacy: Xapian reads DIR's own tables, so gen-* and a stub are leftovers
        // of an interrupted migration. None: leftovers of an interrupted first build.
        for (unsigned n : state.present) remove_dir(generation_name(n));
        if (state.layout == Layout::legacy && fs::exists(dir / stub_file_name, ec)) {
            fs::remove(dir / stub_file_name, ec);
            if (ec) out.warnings.push_back("cannot delete the stale stub " + (dir / stub_file_name).string() + ": " + ec.message());
        }
        return out;
    }

    const unsigned current = parse_generation_name(state.current).value_or(0);
    bool grace_over = false;
    auto mtime = fs::last_write_time(dir / stub_file_name, ec);
    if (!ec) grace_over = fs::file_time_type::clock::now() - mtime >= grace;

    for (unsigned n : state.present) {
        if (n == current) continue;
        if (n > current) remove_dir(generation_name(n));  // never published
        else if (grace_over) remove_dir(generation_name(n));
        else out.kept.push_back(generation_name(n));
    }
    // Table files a migration left in DIR itself.
    std::vector<fs::path> leftovers;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && is_legacy_table_file(it->path().filename().string())) leftovers.push_back(it->path());
    if (!leftovers.empty()) {
        if (!grace_over) {
            out.kept.push_back("legacy tables");
        } else {
            bool ok = true;
            for (const auto& f : leftovers) {
                std::error_code rec;
                fs::remove(f, rec);
                if (rec) {
                    ok = false;
                    out.warnings.push_back("cannot delete " + f.string() + ": " + rec.message());
                }
            }
            if (ok) out.removed.push_back("legacy tables");
        }
    }
    return out;
}

}  // namespace cvsearch::indexing
