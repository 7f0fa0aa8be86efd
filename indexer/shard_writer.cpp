#include "indexer/shard_writer.hpp"

#include <fcntl.h>
#include <map>
#include <system_error>
#include <unistd.h>

#include <xapian.h>

#include "cvsearch/errors.hpp"
#include "indexer/generations.hpp"
#include "vocabulary/acronyms.hpp"
#include "vocabulary/synonyms.hpp"
#include "vocabulary/xapian_errors.hpp"

namespace cvsearch::indexing {
namespace fs = std::filesystem;

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
        std::vector<Xapian::Database> shards;
        for (const auto& shard : layout.shards) {
            Xapian::Database db(shard.string());
            for (auto it = db.spellings_begin(); it != db.spellings_end(); ++it) want[*it] += it.get_termfreq();
            shards.push_back(db);
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
        analysis::add_acronym_synonyms(aux, shards, analysis::Analyzer());  // defined in any shard's profiles
        aux.commit_transaction();
    } catch (const Xapian::Error& e) {
        throw xapian_errors::translate(e, name);
    }
}

}  // namespace cvsearch::indexing
