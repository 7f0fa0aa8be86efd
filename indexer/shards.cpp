#include "indexer/shards.hpp"

#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <system_error>
#include <unistd.h>

#include <xapian.h>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "indexer/generations.hpp"
#include "indexer/synonyms.hpp"
#include "indexer/xapian_errors.hpp"

namespace cvsearch::indexing {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view shards_tag = "# cvsearch-shards ";
constexpr std::string_view aux_tag = "# cvsearch-aux ";
constexpr const char* aux_name = "aux";

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) noexcept {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::size_t shard_of(std::string_view id, std::size_t shards) noexcept {
    return shards <= 1 ? 0 : static_cast<std::size_t>(fnv1a64(id) % shards);
}

std::string shard_name(std::size_t index) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%03zu", index);
    return buf;
}

std::optional<StubInfo> read_stub(const fs::path& path) {
    std::error_code ec;
    fs::path file = path;
    if (fs::is_directory(path, ec)) {
        if (fs::exists(path / "iamglass", ec)) return std::nullopt;  // Xapian prefers the glass tables
        file = path / stub_file_name;
    }
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file);
    if (!in) throw Error(ErrorCode::io, file.string(), "cannot read the stub file; check its permissions");
    StubInfo info;
    info.file = file;
    std::string line;
    while (std::getline(in, line)) {
        std::string t(text::trim(line));
        if (t.empty()) continue;
        if (t.rfind(shards_tag, 0) == 0) {
            try {
                info.declared_shards = std::stoul(t.substr(shards_tag.size()));
            } catch (const std::exception&) {
                throw Error(ErrorCode::index_corrupt, file.string(),
                            "the line \"" + t + "\" should give the shard count (\"# cvsearch-shards 3\")");
            }
            continue;
        }
        if (t.rfind(aux_tag, 0) == 0) {
            fs::path aux = std::string(text::trim(t.substr(aux_tag.size())));
            info.aux = aux.is_absolute() ? aux : file.parent_path() / aux;
            continue;
        }
        if (t.front() == '#') continue;
        info.databases.push_back(t);
    }
    return info;
}

ShardLayout make_shard_layout(const fs::path& dir, std::size_t shards) {
    ShardLayout l;
    l.dir = dir;
    for (std::size_t k = 0; k < shards; ++k) l.shards.push_back(dir / shard_name(k));
    l.aux = dir / aux_name;
    return l;
}

std::optional<ShardLayout> shard_layout(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::nullopt;
    auto stub = read_stub(dir);
    if (!stub || stub->declared_shards == 0) return std::nullopt;
    const std::size_t n = stub->declared_shards;
    ShardLayout l = make_shard_layout(dir, n);
    bool ok = n <= max_shards && stub->databases.size() == n;
    for (std::size_t k = 0; ok && k < n; ++k) ok = stub->databases[k] == "auto " + shard_name(k);
    if (!ok)
        throw Error(ErrorCode::index_corrupt, stub->file.string(),
                    "says \"# cvsearch-shards " + std::to_string(n) +
                        "\" but does not list auto shard-000 ... in order; it was edited by hand: restore it, or "
                        "rebuild the index into a new --db path");
    return l;
}

void write_shard_stub(const ShardLayout& layout) {
    std::string content = "# cvsearch sharded index: profile id -> shard fnv1a64(id) mod " +
                          std::to_string(layout.shards.size()) + ". Written by cvsearch; do not edit.\n" +
                          std::string(shards_tag) + std::to_string(layout.shards.size()) + "\n" +
                          std::string(aux_tag) + layout.aux.filename().string() + "\n";
    for (const auto& s : layout.shards) content += "auto " + s.filename().string() + "\n";
    const fs::path stub = layout.dir / stub_file_name;
    const fs::path tmp = layout.dir / (std::string(stub_file_name) + ".tmp");
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    bool ok = fd >= 0 && ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()) &&
              ::fsync(fd) == 0;
    if (fd >= 0) ok = ::close(fd) == 0 && ok;
    std::error_code ec;
    if (ok) fs::rename(tmp, stub, ec);
    if (!ok || ec) {
        fs::remove(tmp, ec);
        throw Error(ErrorCode::io, stub.string(), "cannot write the shard stub file; check the disk and its permissions");
    }
    sync_directory(layout.dir);
}

void update_aux(const ShardLayout& layout) {
    const std::string name = layout.aux.string();
    try {
        std::map<std::string, Xapian::termcount> want;
        for (const auto& shard : layout.shards) {
            Xapian::Database db(shard.string());
            for (auto it = db.spellings_begin(); it != db.spellings_end(); ++it) want[*it] += it.get_termfreq();
        }
        Xapian::WritableDatabase aux(name, Xapian::DB_CREATE_OR_OPEN);
        aux.begin_transaction();
        std::vector<std::pair<std::string, Xapian::termcount>> have;
        for (auto it = aux.spellings_begin(); it != aux.spellings_end(); ++it) have.emplace_back(*it, it.get_termfreq());
        for (const auto& [word, freq] : have) {
            auto w = want.find(word);
            Xapian::termcount target = w == want.end() ? 0 : w->second;
            if (freq > target) aux.remove_spelling(word, freq - target);
            else if (freq < target) aux.add_spelling(word, target - freq);
            if (w != want.end()) want.erase(w);
        }
        for (const auto& [word, freq] : want) aux.add_spelling(word, freq);
        std::vector<std::string> old_keys(aux.synonym_keys_begin(), aux.synonym_keys_end());
        for (const auto& k : old_keys) aux.clear_synonyms(k);
        for (const auto& [key, concept_term] : analysis::SynonymTable::builtin().entries()) aux.add_synonym(key, concept_term);
        aux.commit_transaction();
    } catch (const Xapian::Error& e) {
        throw xapian_errors::translate(e, name);
    }
}

}  // namespace cvsearch::indexing
