// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Arena award registry
/// @notice Records the tasks an arena awarded: the winner and score of each task, the
/// number of wins of each address, and, for a task paid by rank or to a team, every
/// payee rank by rank. Only the operator fixed at construction may write, and each task
/// is written once: a repeated call with the same winner and score, or the same places,
/// changes nothing, so a relayer may deliver an award more than once.
contract Registry {
    struct Win {
        address winner;
        uint256 score;
        uint256 recordedAt;
    }

    /// @notice One payee of a task's award: the rank it was paid for, the entry that
    /// took the rank, the address paid and the amount, in the arena's smallest unit.
    struct Place {
        uint256 rank;
        uint256 entryId;
        address payee;
        uint256 amount;
    }

    /// @notice The only address allowed to call onAward.
    address public immutable operator;

    /// @notice Wins recorded for each address.
    mapping(address => uint256) public winsOf;

    mapping(uint256 => Win) private tasks;

    mapping(uint256 => Place[]) private places;

    /// @notice Emitted once for each task the first time its award is recorded.
    event Awarded(uint256 indexed taskId, address indexed winner, uint256 score);

    /// @notice Emitted once for each payee of a task the first time its places are recorded.
    event Placed(uint256 indexed taskId, uint256 indexed rank, address indexed payee, uint256 entryId, uint256 amount);

    error NotOperator(address caller);
    error ZeroWinner();
    error AlreadyRecorded(uint256 taskId, address winner, uint256 score);
    error NoPlaces();
    error PlacesDiffer(uint256 taskId);

    constructor(address operator_) {
        operator = operator_;
    }

    /// @notice Records that taskId was awarded to winner with score.
    function onAward(uint256 taskId, address winner, uint256 score) external {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        if (winner == address(0)) revert ZeroWinner();
        Win storage w = tasks[taskId];
        if (w.winner != address(0)) {
            if (w.winner == winner && w.score == score) return;
            revert AlreadyRecorded(taskId, w.winner, w.score);
        }
        tasks[taskId] = Win(winner, score, block.timestamp);
        winsOf[winner] += 1;
        emit Awarded(taskId, winner, score);
    }

    /// @notice Records every payee of taskId's award, rank by rank, in the order given.
    function onPlaces(uint256 taskId, Place[] calldata paid) external {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        if (paid.length == 0) revert NoPlaces();
        Place[] storage have = places[taskId];
        if (have.length != 0) {
            if (have.length != paid.length) revert PlacesDiffer(taskId);
            for (uint256 i = 0; i < paid.length; i++) {
                Place storage h = have[i];
                Place calldata p = paid[i];
                if (h.rank != p.rank || h.entryId != p.entryId || h.payee != p.payee || h.amount != p.amount) {
                    revert PlacesDiffer(taskId);
                }
            }
            return;
        }
        for (uint256 i = 0; i < paid.length; i++) {
            Place calldata p = paid[i];
            if (p.payee == address(0)) revert ZeroWinner();
            have.push(p);
            emit Placed(taskId, p.rank, p.payee, p.entryId, p.amount);
        }
    }

    /// @notice Returns the recorded places of taskId, rank by rank; empty if none were recorded.
    function taskPlaces(uint256 taskId) external view returns (Place[] memory) {
        return places[taskId];
    }

    /// @notice Returns the recorded award of taskId; winner is zero if none was recorded.
    function taskWin(uint256 taskId) external view returns (address winner, uint256 score, uint256 recordedAt) {
        Win storage w = tasks[taskId];
        return (w.winner, w.score, w.recordedAt);
    }
}
